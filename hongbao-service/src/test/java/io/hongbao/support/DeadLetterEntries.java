package io.hongbao.support;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.Optional;

/**
 * The dead-letter streams of the shard streams as tests look at them: find the dead letter of an entry by the entry's
 * original id, and delete it afterwards as an operator would, so the tests after it find an audit without it.
 */
public final class DeadLetterEntries {

    private final RedisClusterCommands<String, String> redis;
    private final PacketKeys keys;

    public DeadLetterEntries(RedisClusterCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    /** The dead letter of the entry {@code originalId} of that shard's stream, if it was moved there. */
    public Optional<StreamMessage<String, String>> of(int shard, String originalId) {
        return redis.xrange(keys.deadLetters(shard), Range.unbounded()).stream()
                .filter(m -> originalId.equals(m.getBody().get("id")))
                .findFirst();
    }

    /** Whether the entry is still pending in the persister group (read by a consumer, not acknowledged). */
    public boolean pending(int shard, String originalId) {
        return !redis.xpending(
                        keys.stream(shard),
                        ShardStream.GROUP,
                        Range.create(originalId, originalId),
                        io.lettuce.core.Limit.from(1))
                .isEmpty();
    }

    /**
     * Deletes the entry's dead letter, and acknowledges the entry itself in case it never got that far (a test that
     * failed), so that it cannot hold up the shard for the tests after it.
     */
    public void remove(int shard, String originalId) {
        of(shard, originalId).ifPresent(m -> redis.xdel(keys.deadLetters(shard), m.getId()));
        redis.xack(keys.stream(shard), ShardStream.GROUP, originalId);
    }
}
