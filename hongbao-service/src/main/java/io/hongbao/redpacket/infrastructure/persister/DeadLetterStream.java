package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.List;
import java.util.Map;

/**
 * One shard's dead-letter stream ({@link PacketKeys#deadLetters(int)}): the entries of its event stream the persister
 * could not write. Each dead letter holds the entry's original {@code id}, the {@code reason}, then the entry's own
 * fields. They stay until an operator re-injects or deletes them (docs/design.md, Dead letters); while any exists the
 * audit fails.
 */
public final class DeadLetterStream {

    /** One dead letter as the audit reports it. */
    public record DeadLetter(int shard, String deadLetterId, String entryId, String reason) {}

    private final RedisClusterCommands<String, String> redis;
    private final int shard;
    private final String stream;
    private final String key;
    private final DeadLetterScript script;

    public DeadLetterStream(RedisClusterCommands<String, String> redis, PacketKeys keys, int shard) {
        this.redis = redis;
        this.shard = shard;
        this.stream = keys.stream(shard);
        this.key = keys.deadLetters(shard);
        this.script = new DeadLetterScript(redis);
    }

    public String key() {
        return key;
    }

    /**
     * Moves the pending entry {@code id} of the shard's stream here and acknowledges it, in one step. False when it
     * was no longer pending: another consumer wrote or moved it first, and nothing changed.
     */
    boolean move(String id, String reason) {
        return script.move(stream, key, ShardStream.GROUP, id, reason);
    }

    /** How many dead letters wait here. */
    public long size() {
        return redis.xlen(key);
    }

    /** The oldest {@code count} dead letters. */
    public List<DeadLetter> oldest(int count) {
        return redis.xrange(key, Range.unbounded(), Limit.from(count)).stream()
                .map(m -> letter(m.getId(), m.getBody()))
                .toList();
    }

    private DeadLetter letter(String id, Map<String, String> body) {
        return new DeadLetter(shard, id, body.get("id"), body.get("reason"));
    }
}
