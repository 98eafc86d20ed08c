package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.infrastructure.LotteryPublishScript.Mode;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.WheelUnits;
import io.hongbao.platform.collections.Chunks;
import io.hongbao.platform.redis.RedisConnection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link PrizePools} in Redis: one sorted set per wheel scored by release time. Units go in chunks so that no single
 * script call holds Redis for long; every chunk is atomic on its own and the script makes repeats harmless. The
 * chunks of one call are pipelined on the one connection, so Redis runs them in order: a whole load marks the pool
 * loaded with its last chunk, after every unit is in.
 */
final class RedisPrizePools implements PrizePools {

    static final int UNITS_PER_CALL = 500;

    private final RedisConnection redis;
    private final LotteryDrawScript drawScript;
    private final LotteryPublishScript publishScript;

    RedisPrizePools(RedisConnection redis, LotteryDrawScript drawScript, LotteryPublishScript publishScript) {
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
    public CompletionStage<Boolean> publish(WheelId wheel, List<PlacedUnit> units) {
        List<CompletableFuture<Long>> calls = new ArrayList<>();
        for (List<PlacedUnit> chunk : Chunks.of(units, UNITS_PER_CALL)) {
            calls.add(publishScript.publish(wheel, Mode.ADD, chunk, List.of()).toCompletableFuture());
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture<?>[]::new))
                .thenApply(done -> calls.stream().allMatch(call -> call.join() >= 0));
    }

    @Override
    public CompletionStage<Void> load(WheelId wheel, WheelUnits units) {
        List<CompletableFuture<Long>> calls = new ArrayList<>();
        for (List<UnitRef> chunk : Chunks.of(units.won(), UNITS_PER_CALL)) {
            calls.add(publishScript.publish(wheel, Mode.FILL, List.of(), chunk).toCompletableFuture());
        }
        for (List<PlacedUnit> chunk : Chunks.of(units.unwon(), UNITS_PER_CALL)) {
            calls.add(publishScript.publish(wheel, Mode.FILL, chunk, List.of()).toCompletableFuture());
        }
        calls.add(publishScript.publish(wheel, Mode.LOAD, List.of(), List.of()).toCompletableFuture());
        return CompletableFuture.allOf(calls.toArray(CompletableFuture<?>[]::new));
    }

    @Override
    public CompletionStage<PoolTake> take(WheelId wheel, DrawId draw, Instant now) {
        return drawScript.take(wheel, List.of(draw), now).thenApply(takes -> takes.get(0));
    }

    @Override
    public CompletionStage<List<PoolTake>> take(WheelId wheel, List<DrawId> draws, Instant now) {
        return drawScript.take(wheel, draws, now);
    }

    @Override
    public CompletionStage<Void> forget(WheelId wheel, DrawId draw) {
        // Both places an outcome may be remembered; the two keys share the wheel's hash tag (one slot) and the order
        // is harmless: the draw is decided again only after both are gone.
        return redis.async()
                .del(LotteryKeys.outcome(wheel, draw))
                .thenCompose(removed -> redis.async().hdel(LotteryKeys.outcomes(wheel), draw.value()))
                .thenApply(removed -> (Void) null);
    }
}
