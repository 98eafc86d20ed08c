package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.wheel.Wheel;
import java.time.Instant;
import java.util.List;

/**
 * Where a wheel's release schedule stands, read under the wheel's lock: every slot starting before
 * {@code placedUntil} is placed, and how much of each prize's stock that placed.
 */
public record PlacingCursor(Wheel wheel, Instant placedUntil, List<PrizeStock> stocks) {

    public boolean isDone(Instant until) {
        return !placedUntil.isBefore(until)
                || !placedUntil.isBefore(wheel.campaign().endsAt());
    }
}
