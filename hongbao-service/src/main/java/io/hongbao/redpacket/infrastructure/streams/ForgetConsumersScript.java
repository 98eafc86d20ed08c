package io.hongbao.redpacket.infrastructure.streams;

import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;

/**
 * {@code forget_idle_consumers.lua}: removes a group's consumers that hold nothing and were idle too long, checking and
 * removing in one atomic step.
 */
final class ForgetConsumersScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("forget_idle_consumers");

    private final RedisClusterCommands<String, String> redis;

    ForgetConsumersScript(RedisClusterCommands<String, String> redis) {
        this.redis = redis;
    }

    /** How many consumers it removed. */
    int forget(String stream, String group, Duration idle) {
        Long removed = SCRIPT.run(
                redis, ScriptOutputType.INTEGER, new String[] {stream}, group, Long.toString(idle.toMillis()));
        return removed == null ? 0 : removed.intValue();
    }
}
