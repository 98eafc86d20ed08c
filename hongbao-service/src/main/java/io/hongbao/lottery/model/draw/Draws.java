package io.hongbao.lottery.model.draw;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The draws and the points they move, as stored in the system of record. */
public interface Draws {

    /**
     * Debits {@code cost} points from the drawer and records the draw as pending, in the caller's transaction. False,
     * with nothing written, when the drawer has fewer points.
     */
    boolean spend(PendingDraw draw, long cost);

    /**
     * A batch of {@link #spend}s in one go, in the caller's transaction and in the batch's order (ADR 0079): element i
     * is spend i's verdict, as {@link DrawSpend#verdicts} decides it from the drawers' points and the keys recorded
     * before. Each paid spend is debited, its draw recorded pending and its Idempotency-Key, when it has one, recorded
     * with the draw's id in the same transaction (ADR 0098), so that the spend and its key commit or roll back
     * together. A spend that is not paid writes nothing, its key included.
     */
    List<SpendVerdict> spend(List<DrawSpend> spends);

    /**
     * Records the outcome of a pending draw (crediting a consolation's points) and returns it; a draw already finished
     * returns what it finished with, unchanged. Runs in the caller's transaction (it locks the draw's row).
     */
    DrawResult finish(PendingDraw draw, DrawOutcome outcome, Instant now);

    /**
     * A batch of {@link #finish}es in the caller's transaction (ADR 0079): element i is draw i's result, or empty, with
     * nothing written for it, when its unit is recorded for another draw ({@link #wonByAnotherDraw}). A drawer's
     * points left are counted in the batch's order: a draw's own credit is in them, a later draw's is not.
     */
    default List<Optional<DrawResult>> finish(List<DecidedDraw> decided, Instant now) {
        List<Optional<DrawResult>> results = new ArrayList<>(decided.size());
        for (DecidedDraw one : decided) {
            results.add(
                    one.outcome() instanceof DrawOutcome.PrizeWon won
                                    && wonByAnotherDraw(won.unit(), one.draw().id())
                            ? Optional.empty()
                            : Optional.of(finish(one.draw(), one.outcome(), now)));
        }
        return results;
    }

    /**
     * True when the database has recorded {@code unit} as won by a draw other than {@code draw}: then Redis handed the
     * unit out twice (after losing the pool), and {@code draw} must be decided again.
     */
    boolean wonByAnotherDraw(UnitRef unit, DrawId draw);

    /** The draw, finished or still pending. */
    Optional<DrawState> find(DrawId id);

    List<PendingDraw> pendingSince(Instant before, int limit);

    /** A user's finished draws, newest first. */
    List<DrawResult> recent(UserId userId, int limit);

    /** A draw as stored: always its pending part, and its result once finished. */
    record DrawState(PendingDraw draw, Optional<DrawResult> result) {}
}
