package io.hongbao.lottery.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;
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
     * Records the outcome of a pending draw (crediting a consolation's points) and returns it; a draw already finished
     * returns what it finished with, unchanged. Runs in the caller's transaction (it locks the draw's row).
     */
    DrawResult finish(PendingDraw draw, DrawOutcome outcome, Instant now);

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
