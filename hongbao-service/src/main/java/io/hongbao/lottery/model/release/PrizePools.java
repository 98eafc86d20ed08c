package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The wheels' pools of placed, unwon units, where draws take them from (Redis). A pool is loaded whole from the
 * database once (at creation, and again whenever Redis has lost it); hours are then added to it as they are placed.
 */
public interface PrizePools {

    /**
     * False when the pools are known to be unreachable right now (no connection): a cheap local check, so that a draw
     * is refused before it spends anything rather than left pending by a failing Redis.
     */
    boolean reachable();

    /**
     * Adds units to a loaded pool, except units that were won already; repeating it is harmless. False, with nothing
     * added, when the pool is not loaded: the caller loads it whole instead.
     */
    CompletionStage<Boolean> publish(WheelId wheel, List<PlacedUnit> units);

    /** Loads the pool whole: marks the won units won, adds the others unless won, then marks the pool loaded. */
    CompletionStage<Void> load(WheelId wheel, WheelUnits units);

    /**
     * Decides a draw once: the earliest unit released at or before {@code now}, or nothing for the consolation. A
     * repeat with the same draw id answers the same outcome and takes nothing more.
     */
    CompletionStage<PoolTake> take(WheelId wheel, DrawId draw, Instant now);

    /**
     * {@link #take} for several draws of one wheel in one go (ADR 0079), deciding them in the list's order: element i
     * is draw i's take. When the pool is not loaded, every element is {@link PoolTake.NotLoaded} and nothing was
     * decided. Default: one take after another.
     */
    default CompletionStage<List<PoolTake>> take(WheelId wheel, List<DrawId> draws, Instant now) {
        CompletionStage<List<PoolTake>> taken = CompletableFuture.completedFuture(new ArrayList<>());
        for (DrawId draw : draws) {
            taken = taken.thenCompose(list -> take(wheel, draw, now).thenApply(one -> {
                list.add(one);
                return list;
            }));
        }
        return taken;
    }

    /**
     * Forgets the outcome remembered for a draw, so the next {@link #take} decides it afresh. Only for a draw whose
     * remembered unit the database has already recorded for another draw (possible only after Redis lost the pool
     * and it was reloaded while this draw's decision was in flight); the forgotten unit stays marked won.
     */
    CompletionStage<Void> forget(WheelId wheel, DrawId draw);
}
