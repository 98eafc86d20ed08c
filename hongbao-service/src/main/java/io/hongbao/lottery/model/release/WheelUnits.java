package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.UnitRef;
import java.util.List;

/** Everything a wheel has placed, as the database knows it: units nobody won yet, and units recorded as won. */
public record WheelUnits(List<PlacedUnit> unwon, List<UnitRef> won) {}
