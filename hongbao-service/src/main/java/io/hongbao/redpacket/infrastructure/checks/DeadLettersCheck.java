package io.hongbao.redpacket.infrastructure.checks;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.DeadLetterStream;
import io.hongbao.redpacket.infrastructure.persister.DeadLetterStream.DeadLetter;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.ArrayList;
import java.util.List;

/**
 * Invariant 3 as far as the persister can break it: no stream entry is acknowledged without being written, so an entry
 * it could not write waits in its shard's dead-letter stream, and the audit fails until an operator has re-injected or
 * deleted it (docs/design.md, Dead letters). The detail names the oldest few: shard, entry id, reason.
 */
public final class DeadLettersCheck implements AuditCheck {

    private static final int MAX_REPORTED = 5;

    private final RedisClusterCommands<String, String> redis;
    private final PacketKeys keys;

    public DeadLettersCheck(RedisClusterCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public String name() {
        return "persister-dead-letters";
    }

    @Override
    public AuditResult run() {
        long waiting = 0;
        List<DeadLetter> oldest = new ArrayList<>();
        for (int shard = 0; shard < keys.shards(); shard++) {
            DeadLetterStream stream = new DeadLetterStream(redis, keys, shard);
            long size = stream.size();
            waiting += size;
            if (size > 0 && oldest.size() < MAX_REPORTED) {
                oldest.addAll(stream.oldest(MAX_REPORTED - oldest.size()));
            }
        }
        if (waiting == 0) {
            return AuditResult.passed("no dead letters in " + keys.shards() + " shards");
        }
        List<String> described = oldest.stream().map(DeadLettersCheck::describe).toList();
        return AuditResult.failed(waiting + " stream entries the persister could not write wait in dead-letter streams"
                + " (rp:{<shard tag>}:dead); the oldest: "
                + String.join("; ", described));
    }

    private static String describe(DeadLetter letter) {
        return "shard " + letter.shard() + " entry " + letter.entryId() + " (dead letter " + letter.deadLetterId()
                + "): " + letter.reason();
    }
}
