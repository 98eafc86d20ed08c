package io.hongbao.lottery.model;

import java.time.Instant;
import java.util.List;

/**
 * An hour whose units are placed in the database but not known to be in the Redis pool yet: the units nobody won, and
 * those the database records as won (to be marked won in Redis, should Redis have lost that).
 */
public record UnpublishedHour(WheelId wheelId, Instant hour, List<PlacedUnit> units, List<UnitRef> won) {}
