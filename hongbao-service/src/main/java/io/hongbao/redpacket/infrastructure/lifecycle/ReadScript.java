package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.platform.redis.LuaScript;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.HotPackets.LiveProgress;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** {@code read_packet.lua}: one packet's live state, read atomically. */
public final class ReadScript {

    private static final LuaScript SCRIPT = LuaScript.fromResource("read_packet");

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;

    public ReadScript(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    public CompletionStage<Optional<LiveSnapshot>> read(PacketId id) {
        String[] scriptKeys = {keys.packet(id), keys.grabbed(id), keys.shares(id)};
        return SCRIPT.<List<Object>>run(redis, ScriptOutputType.MULTI, scriptKeys)
                .thenApply(ReadScript::snapshot);
    }

    @SuppressWarnings("unchecked")
    private static Optional<LiveSnapshot> snapshot(List<Object> reply) {
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        List<Object> flat = (List<Object>) reply.get(3);
        List<PacketGrab> grabs = new ArrayList<>(flat.size() / 2);
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            grabs.add(GrabValue.parse((String) flat.get(i), (String) flat.get(i + 1)));
        }
        return Optional.of(new LiveSnapshot(
                !"A".equals(reply.get(0)),
                Long.parseLong((String) reply.get(1)),
                Integer.parseInt((String) reply.get(2)),
                grabs));
    }

    /** A packet in Redis: closed after expiry, what is left to hand out, and who got what. */
    public record LiveSnapshot(boolean closed, long remainingAmount, int remainingCount, List<PacketGrab> grabs) {
        LiveProgress progress() {
            return new LiveProgress(grabs, closed);
        }
    }
}
