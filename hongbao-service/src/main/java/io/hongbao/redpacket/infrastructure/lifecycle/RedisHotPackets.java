package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** {@link HotPackets} on Redis through the publish and read scripts. */
public final class RedisHotPackets implements HotPackets {

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final PublishScript publish;
    private final ReadScript read;

    public RedisHotPackets(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys, Duration retention) {
        this.redis = redis;
        this.keys = keys;
        this.publish = new PublishScript(redis, keys, retention);
        this.read = new ReadScript(redis, keys);
    }

    @Override
    public CompletionStage<Void> publish(PacketState state) {
        return publish.publish(state).thenApply(created -> null);
    }

    @Override
    public CompletionStage<Optional<LiveProgress>> progress(PacketId id) {
        return read.read(id).thenApply(snapshot -> snapshot.map(ReadScript.LiveSnapshot::progress));
    }

    @Override
    public CompletionStage<Boolean> holds(PacketId id) {
        return redis.exists(keys.packet(id)).thenApply(n -> n == 1L);
    }

    /** The full snapshot, for the audit. */
    CompletionStage<Optional<ReadScript.LiveSnapshot>> snapshot(PacketId id) {
        return read.read(id);
    }
}
