package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.platform.redis.LuaScript;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** {@code expire_packet.lua}: closes an expired packet and queues its one refund event. */
public final class ExpireScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("expire_packet");

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final Duration retention;

    public ExpireScript(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys, Duration retention) {
        this.redis = redis;
        this.keys = keys;
        this.retention = retention;
    }

    /** True when this call closed the packet (and queued its refund). */
    public CompletionStage<Boolean> expire(PacketId id) {
        String[] scriptKeys = {
            keys.packet(id), keys.shares(id), keys.grabbed(id), keys.members(id), keys.stream(id), keys.expiry(id)
        };
        return SCRIPT.<List<Object>>run(
                        redis, ScriptOutputType.MULTI, scriptKeys, id.value(), Long.toString(retention.toMillis()))
                .thenApply(reply -> "CLOSED".equals(reply.get(0)));
    }
}
