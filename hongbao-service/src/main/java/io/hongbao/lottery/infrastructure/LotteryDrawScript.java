package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PoolTake;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.ReplicatedAcknowledgements;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;

/**
 * {@code scripts/lottery_draw.lua}: decides one draw's outcome, once per draw id. On Redis' clock (production), the
 * caller's "now" is not sent: every instance then releases units by the one clock Redis has, and an instance whose
 * clock runs ahead cannot release a unit early.
 *
 * <p>The script runs through {@link RedisPrimaries}, which names the node connection it ran on: a {@code WAIT} for the
 * replicas must follow on that very connection (ADR 0070). A call Redis did not execute (failover, resharding, not
 * connected) is retried by {@link NotExecutedRetry}, then refused 503 nothing changed; a repeated draw would be safe
 * anyway (its outcome is remembered by draw id), but only unexecuted calls are repeated.
 */
final class LotteryDrawScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("lottery_draw");
    private static final String NOT_LOADED = "!";
    /** ARGV[2] that tells the script to read Redis' clock. */
    private static final String REDIS_TIME = "";

    private final RedisPrimaries primaries;
    private final NotExecutedRetry retry;
    private final ReplicatedAcknowledgements acks;
    private final String rememberMillis;
    private final boolean onRedisTime;

    /**
     * @param acks the replica acknowledgements: a draw's take is handed on only once they confirm the call on the node
     *     connection it ran on (ADR 0073), else it fails with {@code ReplicaAckFailed} and the draw stays pending for
     *     its recovery
     */
    LotteryDrawScript(
            RedisPrimaries primaries,
            NotExecutedRetry retry,
            ReplicatedAcknowledgements acks,
            Duration rememberOutcomes,
            boolean onRedisTime) {
        this.primaries = primaries;
        this.retry = retry;
        this.acks = acks;
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
        String[] args = {draw.value(), onRedisTime ? REDIS_TIME : Long.toString(now.toEpochMilli()), rememberMillis};
        return retry.call(() -> primaries.<String>run(SCRIPT, ScriptOutputType.VALUE, keys, args))
                // From the reply's completion: the WAIT is sent after the call ran, on the node connection it ran on
                // (ADR 0073). A repeat of the draw (recovery, a retry) asks again, and its WAIT covers the first call.
                .thenCompose(ran -> acks.acknowledged(ran.node()).thenApply(replicated -> take(ran.result())));
    }

    private static PoolTake take(String answer) {
        if (NOT_LOADED.equals(answer)) {
            return new PoolTake.NotLoaded();
        }
        return answer == null || answer.isEmpty() ? new PoolTake.Nothing() : new PoolTake.Unit(UnitRef.parse(answer));
    }
}
