package io.hongbao.lottery.model.release;

import java.time.Instant;
import java.util.List;

/** What one hour slot releases: the units placed into it, each with its random moment inside the slot. */
public record HourPlacement(Instant hour, List<PlacedUnit> units) {

    public HourPlacement {
        units = List.copyOf(units);
    }
}
