package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PoolTake;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;

/**
 * {@code scripts/lottery_draw.lua}: decides one draw's outcome, once per draw id. On Redis' clock (production), the
 * caller's "now" is not sent: every instance then releases units by the one clock Redis has, and an instance whose
 * clock runs ahead cannot release a unit early.
 */
final class LotteryDrawScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("lottery_draw");
    private static final String NOT_LOADED = "!";
    /** ARGV[2] that tells the script to read Redis' clock. */
    private static final String REDIS_TIME = "";

    private final StatefulRedisConnection<String, String> redis;
    private final String rememberMillis;
    private final boolean onRedisTime;

    LotteryDrawScript(StatefulRedisConnection<String, String> redis, Duration rememberOutcomes, boolean onRedisTime) {
        this.redis = redis;
        this.rememberMillis = Long.toString(rememberOutcomes.toMillis());
        this.onRedisTime = onRedisTime;
    }

    CompletionStage<PoolTake> take(WheelId wheel, DrawId draw, Instant now) {
        String[] keys = {
            LotteryKeys.pool(wheel),
            LotteryKeys.outcome(wheel, draw),
            LotteryKeys.won(wheel),
            LotteryKeys.loaded(wheel),
            LotteryKeys.outcomes(wheel)
        };
        return SCRIPT.<String>run(
                        redis.async(),
                        ScriptOutputType.VALUE,
                        keys,
                        draw.value(),
                        onRedisTime ? REDIS_TIME : Long.toString(now.toEpochMilli()),
                        rememberMillis)
                .thenApply(LotteryDrawScript::take);
    }

    private static PoolTake take(String answer) {
        if (NOT_LOADED.equals(answer)) {
            return new PoolTake.NotLoaded();
        }
        return answer == null || answer.isEmpty() ? new PoolTake.Nothing() : new PoolTake.Unit(UnitRef.parse(answer));
    }
}
