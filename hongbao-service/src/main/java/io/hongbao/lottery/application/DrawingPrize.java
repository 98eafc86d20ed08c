package io.hongbao.lottery.application;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Transactions;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user spends points on a wheel and wins exactly one thing (ADR 0021). Three steps, each idempotent by the draw id
 * chosen before anything is written:
 *
 * <ol>
 *   <li>{@link #spend}: one transaction debits the points (only if enough) and records the draw as PENDING;
 *   <li>{@link #finish}, Redis: one script decides the outcome once per draw id: the earliest released unwon unit, or
 *       nothing (the consolation); a repeat answers the same;
 *   <li>{@link #finish}, database: one transaction records the outcome and credits a consolation's points, once.
 * </ol>
 *
 * Requests run them in batches ({@link DrawingInBatches}, ADR 0079), with or without an Idempotency-Key (ADR 0098);
 * a crash after (1) leaves a PENDING draw that {@link RecoveringDraws} finishes here with the same steps (2) and (3),
 * as a repeated request finishes its first draw ({@link #repeat}).
 *
 * <p>One case needs a second decision: Redis lost the pool and it was reloaded while another draw's decision was in
 * flight, so the same unit went to two draws. The database records it for one of them; the other finds it taken in
 * step (3), has Redis forget its outcome (the unit stays marked won) and is decided again, so it still ends with
 * exactly one outcome instead of staying PENDING with its points spent.
 */
public final class DrawingPrize {

    private static final Logger log = LoggerFactory.getLogger(DrawingPrize.class);

    private final Wheels wheels;
    private final Draws draws;
    private final PrizePools pools;
    private final Transactions transactions;
    private final Executor jdbc;
    private final FillingPrizePools filling;
    private final Clock clock;

    /** Decisions per draw: the first, and one more per unit found won by another draw (each needs a Redis loss). */
    static final int MAX_DECISIONS = 3;

    /** @param filling loads a pool Redis has lost
     * @param jdbc where blocking database work runs (never a Redis or HTTP event loop)
     * @param clock when a draw is recorded as finished ({@link #finishedAt}) */
    public DrawingPrize(
            Wheels wheels,
            Draws draws,
            PrizePools pools,
            FillingPrizePools filling,
            Transactions transactions,
            Executor jdbc,
            Clock clock) {
        this.filling = filling;
        this.clock = clock;
        this.wheels = wheels;
        this.draws = draws;
        this.pools = pools;
        this.transactions = transactions;
        this.jdbc = jdbc;
    }

    /**
     * The answer to a repeated draw request (the same Idempotency-Key, ADR 0098): the first request's draw, finished
     * here if it is still pending (a no-op once finished), so the repeat answers its outcome, {@code pointsLeft}
     * included, as the first did. {@link DrawAttempt.Undecided} with the first draw's id when it cannot be decided now.
     */
    public CompletionStage<DrawAttempt> repeat(DrawId first, Instant now) {
        CompletionStage<Optional<DrawResult>> finishing;
        try {
            finishing = finish(first, now);
        } catch (RuntimeException rejected) {
            // The executor refused the read (full): the batch that asked must still answer its other draws.
            finishing = CompletableFuture.failedFuture(rejected);
        }
        return finishing
                .<DrawAttempt>thenApply(found -> new DrawAttempt.Drawn(found.orElseThrow(
                        () -> new IllegalStateException("draw " + first.value() + " was answered but is not stored"))))
                .exceptionally(failure -> {
                    logUndecided(first, failure);
                    return new DrawAttempt.Undecided(first);
                });
    }

    static void logUndecided(DrawId draw, Throwable failure) {
        log.warn("draw {} spent but undecided, left to the recovery: {}", draw.value(), failure.toString());
    }

    /**
     * Step (1) for one draw, blocking, in a transaction of its own (requests spend in batches, {@link
     * DrawingInBatches}; this makes a single pending draw, as a crash between the steps leaves one).
     */
    public SpendOutcome spend(UserId user, WheelId wheelId, Instant now) {
        Optional<Wheel> wheel = wheels.find(wheelId);
        if (wheel.isEmpty()) {
            return new SpendOutcome.UnknownWheel();
        }
        if (!pools.reachable()) {
            return new SpendOutcome.PoolUnreachable();
        }
        PendingDraw draw = new PendingDraw(DrawId.random(), wheelId, user, now);
        long cost = wheel.get().drawCost();
        boolean spent = transactions.inTransaction(() -> draws.spend(draw, cost));
        return spent ? new SpendOutcome.Spent(draw) : new SpendOutcome.InsufficientPoints(cost);
    }

    /** Steps (2) and (3) for a draw known to be pending (its points are spent, maybe it is even finished). */
    public CompletionStage<DrawResult> finish(PendingDraw draw, Instant now) {
        return decideAndRecord(draw, now, 1);
    }

    private CompletionStage<DrawResult> decideAndRecord(PendingDraw draw, Instant now, int decision) {
        return take(draw, now, true)
                .thenApplyAsync(unit -> recordUnlessWonElsewhere(draw, unit, now), jdbc)
                .thenCompose(recorded -> {
                    if (recorded.isPresent()) {
                        return CompletableFuture.completedFuture(recorded.get());
                    }
                    if (decision >= MAX_DECISIONS) {
                        throw new IllegalStateException("draw " + draw.id().value() + " keeps winning units "
                                + "recorded for other draws; left pending for recovery");
                    }
                    return pools.forget(draw.wheelId(), draw.id())
                            .thenCompose(forgotten -> decideAndRecord(draw, now, decision + 1));
                });
    }

    /**
     * Steps (2) and (3) for a draw whose unit, as Redis remembered it, the database holds for another draw: Redis
     * forgets the draw's outcome (the unit stays won) and it is decided again.
     */
    CompletionStage<DrawResult> decideAgain(PendingDraw draw, Instant now) {
        return pools.forget(draw.wheelId(), draw.id()).thenCompose(forgotten -> decideAndRecord(draw, now, 2));
    }

    /** Steps (2) and (3) for a draw known only by id (a repeated request, a recovery); empty if never spent. */
    public CompletionStage<Optional<DrawResult>> finish(DrawId id, Instant now) {
        return CompletableFuture.supplyAsync(() -> draws.find(id), jdbc).thenCompose(state -> {
            if (state.isEmpty()) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            if (state.get().result().isPresent()) {
                // Finished: never ask Redis again. Its memory of outcomes expires, and a forgotten draw id would
                // take a second unit.
                return CompletableFuture.completedFuture(state.get().result());
            }
            return finish(state.get().draw(), now).thenApply(Optional::of);
        });
    }

    /**
     * Step (2). When Redis has lost the wheel's pool, nothing was decided: load the pool from the database (blocking,
     * so on the JDBC executor) and ask once more.
     */
    private CompletionStage<Optional<UnitRef>> take(PendingDraw draw, Instant now, boolean mayLoad) {
        return pools.take(draw.wheelId(), draw.id(), now).thenCompose(take -> {
            if (take instanceof PoolTake.Unit won) {
                return CompletableFuture.completedFuture(Optional.of(won.unit()));
            }
            if (take instanceof PoolTake.Nothing) {
                return CompletableFuture.completedFuture(Optional.<UnitRef>empty());
            }
            if (!mayLoad) {
                throw new IllegalStateException(
                        "the pool of wheel " + draw.wheelId().value() + " does not load");
            }
            return CompletableFuture.runAsync(() -> filling.load(draw.wheelId()), jdbc)
                    .thenCompose(loaded -> take(draw, now, false));
        });
    }

    /** Step (3); empty, with nothing written, when the unit is already recorded for another draw. */
    private Optional<DrawResult> recordUnlessWonElsewhere(PendingDraw draw, Optional<UnitRef> unit, Instant now) {
        Wheel wheel = wheels.find(draw.wheelId()).orElseThrow();
        DrawOutcome outcome = outcome(wheel, unit);
        return transactions.inTransaction(() -> {
            if (unit.isPresent() && draws.wonByAnotherDraw(unit.get(), draw.id())) {
                return Optional.empty();
            }
            // Two draws holding the same unit can still pass the check together: the unique key then fails one of
            // them, which stays PENDING until recovery runs this again and finds the unit taken.
            return Optional.of(draws.finish(draw, outcome, finishedAt(clock, now)));
        });
    }

    /**
     * The moment a draw is recorded as finished: now by the clock, after Redis decided, never before the moment the
     * draw was asked for. Production decides by Redis' clock at the moment of the script call, later than the request
     * and its spend; recording the request's moment instead would date the finish before a unit released in between,
     * and the audit (a won unit was released when its draw finished) would flag a draw that did nothing wrong.
     */
    static Instant finishedAt(Clock clock, Instant asked) {
        Instant now = clock.instant();
        return now.isAfter(asked) ? now : asked;
    }

    /** What a take means on this wheel: the unit's prize, or the consolation; never for a pool not loaded. */
    static DrawOutcome outcome(Wheel wheel, PoolTake take) {
        if (take instanceof PoolTake.NotLoaded) {
            throw new IllegalArgumentException("a pool that is not loaded decided nothing");
        }
        return outcome(wheel, take instanceof PoolTake.Unit won ? Optional.of(won.unit()) : Optional.empty());
    }

    private static DrawOutcome outcome(Wheel wheel, Optional<UnitRef> unit) {
        return unit.<DrawOutcome>map(u -> new DrawOutcome.PrizeWon(u, prizeName(wheel, u)))
                .orElseGet(() -> new DrawOutcome.ConsolationWon(wheel.consolation()));
    }

    private static String prizeName(Wheel wheel, UnitRef unit) {
        return wheel.prize(unit.prizeId())
                .orElseThrow(() -> new IllegalStateException("unit of another wheel in the pool: " + unit.member()))
                .name();
    }
}
