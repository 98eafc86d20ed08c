package io.hongbao.redpacket.infrastructure.checks;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.DecodedEntry;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Grants Redis showed for a page that the database had not recorded when the page was read: on their way from a shard
 * stream to the database, or lost. They are looked for in the streams, then in the database once more, in rounds of at
 * most {@link #ROUND} grants, so the audit holds a bounded number of them whatever the backlog. A grant found in
 * neither is reported lost.
 *
 * <p>Why that order cannot raise a false alarm while grabs and persisting go on: a persister acknowledges an entry
 * only after its transaction committed, and only acknowledged entries are trimmed from a stream. A grant the database
 * did not have at its page was in a stream then; when the streams are read it is either still there, or it was
 * acknowledged, hence committed, before, and the database read after the streams has it.
 */
final class InFlightGrants {

    static final int ROUND = 10_000;
    private static final int ENTRIES_PER_READ = 1_000;

    private final RedisClusterCommands<String, String> redis;
    private final PacketKeys keys;
    private final RecordedGrabs recorded;
    private final Offenders lost;
    private final Map<String, Map<Long, Long>> grants = new HashMap<>();
    private int size;

    InFlightGrants(
            RedisClusterCommands<String, String> redis, PacketKeys keys, RecordedGrabs recorded, Offenders lost) {
        this.redis = redis;
        this.keys = keys;
        this.recorded = recorded;
        this.lost = lost;
    }

    void add(String packet, long user, long amount) {
        grants.computeIfAbsent(packet, k -> new HashMap<>()).put(user, amount);
        if (++size >= ROUND) {
            resolve();
        }
    }

    /** Looks for every grant held in the streams, then in the database; reports the rest lost and forgets them all. */
    void resolve() {
        for (int shard = 0; shard < keys.shards() && !grants.isEmpty(); shard++) {
            dropStreamed(keys.stream(shard));
        }
        if (!grants.isEmpty()) {
            Map<String, Map<Long, Long>> inDb = recorded.of(grants.keySet());
            grants.forEach((packet, users) -> users.forEach((user, amount) -> {
                if (!RecordedGrabs.holds(inDb, packet, user, amount)) {
                    lost.add(packet + ": Redis granted user " + user + " " + amount
                            + " but neither the stream nor the database has it");
                }
            }));
        }
        grants.clear();
        size = 0;
    }

    /** Reads the stream a bounded chunk at a time, oldest first, dropping each grant it holds. */
    private void dropStreamed(String stream) {
        Range<String> range = Range.unbounded();
        while (!grants.isEmpty()) {
            List<StreamMessage<String, String>> entries = redis.xrange(stream, range, Limit.from(ENTRIES_PER_READ));
            entries.forEach(this::dropGrantsOf);
            if (entries.size() < ENTRIES_PER_READ) {
                return;
            }
            String last = entries.get(entries.size() - 1).getId();
            range = Range.from(Range.Boundary.excluding(last), Range.Boundary.unbounded());
        }
    }

    private void dropGrantsOf(StreamMessage<String, String> message) {
        // An entry that cannot be decoded holds no grant the database could have; persister-dead-letters reports it.
        if (!(DecodedEntry.of(message.getId(), message.getBody()) instanceof DecodedEntry.Events entry)) {
            return;
        }
        for (PacketEvent event : entry.events()) {
            if (event instanceof PacketEvent.Grab grab) {
                Map<Long, Long> users = grants.get(grab.packet().value());
                if (users != null && users.remove(grab.user().value(), grab.amount())) {
                    size--;
                    if (users.isEmpty()) {
                        grants.remove(grab.packet().value());
                    }
                }
            }
        }
    }
}
