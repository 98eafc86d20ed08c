package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.redis.LuaScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/** {@code dead_letter.lua}: moves a pending entry to its shard's dead-letter stream and acknowledges it, atomically. */
final class DeadLetterScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("dead_letter");

    private final RedisClusterCommands<String, String> redis;

    DeadLetterScript(RedisClusterCommands<String, String> redis) {
        this.redis = redis;
    }

    /** True when this call moved the entry; false when it was no longer pending (someone else settled it). */
    boolean move(String stream, String deadLetters, String group, String id, String reason) {
        Long moved = SCRIPT.run(redis, ScriptOutputType.INTEGER, new String[] {stream, deadLetters}, group, id, reason);
        return moved != null && moved == 1;
    }
}
