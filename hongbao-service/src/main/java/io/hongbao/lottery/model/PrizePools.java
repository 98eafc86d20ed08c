package io.hongbao.lottery.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The wheels' pools of placed, unwon units, where draws take them from (Redis). */
public interface PrizePools {

    /**
     * False when the pools are known to be unreachable right now (no connection): a cheap local check, so that a draw
     * is refused before it spends anything rather than left pending by a failing Redis.
     */
    boolean reachable();

    /**
     * Marks {@code won} units as won and adds {@code units} to the wheel's pool, except units that were won already;
     * repeating it is harmless.
     */
    CompletionStage<Void> publish(WheelId wheel, List<PlacedUnit> units, List<UnitRef> won);

    /**
     * Decides a draw once: the earliest unit released at or before {@code now}, or empty for the consolation. A repeat
     * with the same draw id answers the same outcome and takes nothing more.
     */
    CompletionStage<Optional<UnitRef>> take(WheelId wheel, DrawId draw, Instant now);
}
