package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.UnitRef;
import java.time.Instant;

/** A unit put into a wheel's pool: it can be won from {@code releaseAt} on. */
public record PlacedUnit(UnitRef unit, Instant releaseAt) {}
