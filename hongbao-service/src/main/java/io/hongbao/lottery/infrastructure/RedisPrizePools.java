package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PlacedUnit;
import io.hongbao.lottery.model.PrizePools;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link PrizePools} in Redis: one sorted set per wheel scored by release time. Publishing goes in chunks so that no
 * single script call holds Redis for long (each call is atomic on its own, and the script makes repeats harmless).
 */
final class RedisPrizePools implements PrizePools {

    static final int UNITS_PER_CALL = 500;

    private final StatefulRedisConnection<String, String> redis;
    private final LotteryDrawScript drawScript;
    private final LotteryPublishScript publishScript;

    RedisPrizePools(
            StatefulRedisConnection<String, String> redis,
            LotteryDrawScript drawScript,
            LotteryPublishScript publishScript) {
        this.redis = redis;
        this.drawScript = drawScript;
        this.publishScript = publishScript;
    }

    /** The connection's own state: no round trip. It turns false as soon as Lettuce sees the link drop. */
    @Override
    public boolean reachable() {
        return redis.isOpen();
    }

    @Override
    public CompletionStage<Void> publish(WheelId wheel, List<PlacedUnit> units, List<UnitRef> won) {
        List<CompletableFuture<Long>> calls = new ArrayList<>();
        for (int from = 0; from < won.size(); from += UNITS_PER_CALL) {
            List<UnitRef> chunk = won.subList(from, Math.min(won.size(), from + UNITS_PER_CALL));
            calls.add(publishScript.publish(wheel, List.of(), chunk).toCompletableFuture());
        }
        for (int i = 0; i < (units.size() + UNITS_PER_CALL - 1) / UNITS_PER_CALL; i++) {
            List<PlacedUnit> chunk =
                    units.subList(i * UNITS_PER_CALL, Math.min(units.size(), (i + 1) * UNITS_PER_CALL));
            calls.add(publishScript.publish(wheel, chunk, List.of()).toCompletableFuture());
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture<?>[]::new));
    }

    @Override
    public CompletionStage<Optional<UnitRef>> take(WheelId wheel, DrawId draw, Instant now) {
        return drawScript.take(wheel, draw, now);
    }
}
