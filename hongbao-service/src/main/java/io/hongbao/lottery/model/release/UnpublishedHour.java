package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.WheelId;
import java.time.Instant;
import java.util.List;

/** An hour whose units are placed in the database but not known to be in the Redis pool yet (minus units won). */
public record UnpublishedHour(WheelId wheelId, Instant hour, List<PlacedUnit> units) {}
