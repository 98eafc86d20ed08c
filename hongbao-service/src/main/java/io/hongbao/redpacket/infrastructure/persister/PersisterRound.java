package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.redpacket.infrastructure.streams.DecodedEntry;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.lettuce.core.StreamMessage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The entries a persister worker read from one or more shards in one round, written together and settled per shard
 * (ADR 0082). Writing several shards' entries in one transaction is the point: with many shards each one's stream
 * holds only a few entries per linger, and a transaction per shard would pay its statements and its commit for one or
 * two grabs.
 *
 * <p>Stream ids are unique within one stream only: two shards may both hold an entry {@code 1700000000000-0}. Inside a
 * round an entry is therefore known as {@code <shard>/<id>}, so that one shard's rejected entry never settles
 * another shard's entry of the same id.
 */
final class PersisterRound {

    /**
     * What one shard's stream gave for this round.
     *
     * @param full whether the read returned all it asked for: the stream may hold more
     */
    record ShardRead(int shard, List<StreamMessage<String, String>> messages, boolean full) {}

    /**
     * One shard's part of the outcome: its entries to acknowledge and those to dead-letter, by their own ids, and of
     * each its events in the database (what the second step credits, ADR 0084).
     */
    record ShardSettled(
            int shard,
            List<String> written,
            List<WritingEntries.Rejected> rejected,
            Map<String, List<PacketEvent>> recorded) {}

    private PersisterRound() {}

    /**
     * Decodes and writes every read entry through {@code writing}, then splits what was settled back by shard.
     *
     * @throws RuntimeException as {@link WritingEntries#write}: nothing is settled, every entry stays pending
     */
    static List<ShardSettled> write(WritingEntries writing, List<ShardRead> reads) {
        List<DecodedEntry> entries = new ArrayList<>();
        Map<String, Origin> origins = new HashMap<>();
        for (ShardRead read : reads) {
            for (StreamMessage<String, String> message : read.messages()) {
                String roundId = read.shard() + "/" + message.getId();
                origins.put(roundId, new Origin(read.shard(), message.getId()));
                // One entry holds every grant of one script call (ADR 0044): a round expands to more events than
                // entries.
                entries.add(DecodedEntry.of(roundId, message.getBody()));
            }
        }
        WritingEntries.Settled settled = writing.write(entries);
        Map<Integer, ShardSettled> byShard = new HashMap<>();
        for (ShardRead read : reads) {
            byShard.put(
                    read.shard(),
                    new ShardSettled(read.shard(), new ArrayList<>(), new ArrayList<>(), new HashMap<>()));
        }
        for (String roundId : settled.written()) {
            Origin origin = origins.get(roundId);
            byShard.get(origin.shard()).written().add(origin.id());
        }
        settled.recorded().forEach((roundId, events) -> {
            Origin origin = origins.get(roundId);
            byShard.get(origin.shard()).recorded().put(origin.id(), events);
        });
        for (WritingEntries.Rejected rejected : settled.rejected()) {
            Origin origin = origins.get(rejected.id());
            byShard.get(origin.shard()).rejected().add(new WritingEntries.Rejected(origin.id(), rejected.reason()));
        }
        List<ShardSettled> result = new ArrayList<>();
        for (ShardRead read : reads) {
            result.add(byShard.get(read.shard()));
        }
        return result;
    }

    private record Origin(int shard, String id) {}
}
