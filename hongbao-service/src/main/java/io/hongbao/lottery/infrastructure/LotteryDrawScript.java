package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.lettuce.core.ScriptOutputType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * {@code scripts/lottery_draw.lua}: decides the outcomes of a batch of one wheel's draws in one call, once per draw id
 * (ADR 0079); every key carries the wheel's hash tag, so the call is one slot on Redis Cluster. On Redis' clock
 * (production), the
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
    /** pool, won, loaded, outcomes; then one outcome key per draw. */
    private static final int FIXED_KEYS = 4;
    /** the clock, how long to remember; then one draw id per draw. */
    private static final int FIXED_ARGS = 2;

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

    /** The draws' takes in their order; all {@link PoolTake.NotLoaded} when Redis lost the pool. */
    CompletionStage<List<PoolTake>> take(WheelId wheel, List<DrawId> draws, Instant now) {
        String[] keys = new String[FIXED_KEYS + draws.size()];
        keys[0] = LotteryKeys.pool(wheel);
        keys[1] = LotteryKeys.won(wheel);
        keys[2] = LotteryKeys.loaded(wheel);
        keys[3] = LotteryKeys.outcomes(wheel);
        String[] args = new String[FIXED_ARGS + draws.size()];
        args[0] = onRedisTime ? REDIS_TIME : Long.toString(now.toEpochMilli());
        args[1] = rememberMillis;
        for (int i = 0; i < draws.size(); i++) {
            keys[FIXED_KEYS + i] = LotteryKeys.outcome(wheel, draws.get(i));
            args[FIXED_ARGS + i] = draws.get(i).value();
        }
        return retry.call(() -> primaries.<List<Object>>run(SCRIPT, ScriptOutputType.MULTI, keys, args))
                // From the reply's completion: the WAIT is sent after the call ran, on the node connection it ran on
                // (ADR 0073). A repeat of the draw (recovery, a retry) asks again, and its WAIT covers the first call.
                .thenCompose(ran -> acks.acknowledged(ran.node()).thenApply(replicated -> takes(ran.result(), draws)));
    }

    private static List<PoolTake> takes(List<Object> answers, List<DrawId> draws) {
        List<PoolTake> takes = new ArrayList<>(draws.size());
        if (answers.size() == 1 && NOT_LOADED.equals(answers.get(0))) {
            for (int i = 0; i < draws.size(); i++) {
                takes.add(new PoolTake.NotLoaded());
            }
            return takes;
        }
        if (answers.size() != draws.size()) {
            throw new IllegalStateException(answers.size() + " answers to " + draws.size() + " draws");
        }
        for (Object answer : answers) {
            String unit = answer == null ? "" : answer.toString();
            takes.add(unit.isEmpty() ? new PoolTake.Nothing() : new PoolTake.Unit(UnitRef.parse(unit)));
        }
        return takes;
    }
}
