package io.hongbao.redpacket.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.redpacket.infrastructure.ReadScript.LiveSnapshot;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Redis and the database agree on every packet Redis holds. It first gives the persisters a moment to drain the
 * streams; entries still in flight are then counted from the streams themselves. Reads happen in this order so that
 * grabs going on meanwhile cannot raise a false alarm: database (D1), Redis (R), streams (S), database again (D2).
 * Then every grab in D1 is in R with its amount (nothing recorded that Redis did not grant), every grant in R is in
 * S or D2 with its amount (nothing granted is lost), and each packet's remaining + granted = its total.
 */
public final class RedisAgreesWithDatabaseCheck implements AuditCheck {

    private static final int MAX_REPORTED = 5;

    private final JdbcClient jdbc;
    private final RedisHotPackets hot;
    private final PacketKeys keys;
    private final RedisCommands<String, String> redis;
    private final Duration drainWait;

    public RedisAgreesWithDatabaseCheck(
            JdbcClient jdbc,
            RedisHotPackets hot,
            PacketKeys keys,
            RedisCommands<String, String> redis,
            Duration drainWait) {
        this.jdbc = jdbc;
        this.hot = hot;
        this.keys = keys;
        this.redis = redis;
        this.drainWait = drainWait;
    }

    @Override
    public String name() {
        return "redis-db-agreement";
    }

    @Override
    public AuditResult run() {
        long inFlight = awaitDrained();
        Map<String, Map<Long, Long>> recordedBefore = recordedGrabs();
        Map<String, Totals> totals = totals();
        Map<String, LiveSnapshot> live = liveSnapshots(totals.keySet());
        Map<String, Map<Long, Long>> streamed = streamedGrabs();
        Map<String, Map<Long, Long>> recordedAfter = recordedGrabs();
        List<String> problems = new ArrayList<>();
        live.forEach((id, snapshot) -> compare(id, snapshot, totals.get(id), recordedBefore, streamed, recordedAfter)
                .ifPresent(problems::add));
        String figures = live.size() + " packets live in Redis, " + inFlight + " stream entries not yet persisted";
        return problems.isEmpty()
                ? AuditResult.passed(figures + "; all agree")
                : AuditResult.failed(problems.size() + " packets disagree (" + figures + "): "
                        + String.join("; ", problems.subList(0, Math.min(MAX_REPORTED, problems.size()))));
    }

    private Optional<String> compare(
            String id,
            LiveSnapshot snapshot,
            Totals totals,
            Map<String, Map<Long, Long>> recordedBefore,
            Map<String, Map<Long, Long>> streamed,
            Map<String, Map<Long, Long>> recordedAfter) {
        Map<Long, Long> granted = new HashMap<>();
        for (PacketGrab grab : snapshot.grabs()) {
            granted.put(grab.user().value(), grab.amount());
        }
        for (Map.Entry<Long, Long> recorded :
                recordedBefore.getOrDefault(id, Map.of()).entrySet()) {
            if (!recorded.getValue().equals(granted.get(recorded.getKey()))) {
                return Optional.of(id + ": the database has user " + recorded.getKey() + " with " + recorded.getValue()
                        + ", Redis has " + granted.get(recorded.getKey()));
            }
        }
        for (Map.Entry<Long, Long> grant : granted.entrySet()) {
            Long inStream = streamed.getOrDefault(id, Map.of()).get(grant.getKey());
            Long inDb = recordedAfter.getOrDefault(id, Map.of()).get(grant.getKey());
            if (!grant.getValue().equals(inStream) && !grant.getValue().equals(inDb)) {
                return Optional.of(id + ": Redis granted user " + grant.getKey() + " " + grant.getValue()
                        + " but neither the stream nor the database has it");
            }
        }
        long grantedSum = granted.values().stream().mapToLong(Long::longValue).sum();
        if (grantedSum + snapshot.remainingAmount() != totals.total()
                || granted.size() + snapshot.remainingCount() != totals.count()) {
            return Optional.of(id + ": Redis has " + granted.size() + " grants of " + grantedSum + " and "
                    + snapshot.remainingCount() + " shares of " + snapshot.remainingAmount() + " left, for a total of "
                    + totals.total() + " in " + totals.count());
        }
        return Optional.empty();
    }

    /** Waits up to drainWait for every shard's stream to be fully acknowledged; returns what is still in flight. */
    private long awaitDrained() {
        long deadline = System.nanoTime() + drainWait.toNanos();
        while (true) {
            long inFlight = 0;
            for (int shard = 0; shard < keys.shards(); shard++) {
                inFlight += stream(shard).unacknowledged();
            }
            if (inFlight == 0 || System.nanoTime() - deadline >= 0) {
                return inFlight;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return inFlight;
            }
        }
    }

    private Map<String, Map<Long, Long>> recordedGrabs() {
        Map<String, Map<Long, Long>> grabs = new HashMap<>();
        jdbc.sql("SELECT packet_id, user_id, amount FROM packet_grabs").query(rs -> {
            grabs.computeIfAbsent(rs.getString(1), k -> new HashMap<>()).put(rs.getLong(2), rs.getLong(3));
        });
        return grabs;
    }

    private Map<String, Totals> totals() {
        Map<String, Totals> totals = new HashMap<>();
        jdbc.sql("SELECT id, total_amount, share_count FROM red_packets").query(rs -> {
            totals.put(rs.getString(1), new Totals(rs.getLong(2), rs.getInt(3)));
        });
        return totals;
    }

    private Map<String, LiveSnapshot> liveSnapshots(Iterable<String> ids) {
        Map<String, CompletableFuture<Optional<LiveSnapshot>>> pending = new HashMap<>();
        for (String id : ids) {
            pending.put(id, hot.snapshot(new PacketId(id)).toCompletableFuture());
        }
        Map<String, LiveSnapshot> live = new HashMap<>();
        pending.forEach((id, future) -> {
            try {
                future.get(30, TimeUnit.SECONDS).ifPresent(snapshot -> live.put(id, snapshot));
            } catch (Exception e) {
                throw new IllegalStateException("could not read packet " + id + " from Redis", e);
            }
        });
        return live;
    }

    private Map<String, Map<Long, Long>> streamedGrabs() {
        Map<String, Map<Long, Long>> grabs = new HashMap<>();
        for (int shard = 0; shard < keys.shards(); shard++) {
            for (StreamMessage<String, String> message : stream(shard).all()) {
                // An entry holds every grant of one script call: count grants, not entries. An entry that cannot be
                // decoded holds no grant the database could have; persister-dead-letters reports it.
                if (!(DecodedEntry.of(message.getId(), message.getBody()) instanceof DecodedEntry.Events entry)) {
                    continue;
                }
                for (PacketEvent event : entry.events()) {
                    if (event instanceof PacketEvent.Grab grab) {
                        grabs.computeIfAbsent(grab.packet().value(), k -> new HashMap<>())
                                .put(grab.user().value(), grab.amount());
                    }
                }
            }
        }
        return grabs;
    }

    private ShardStream stream(int shard) {
        return new ShardStream(redis, keys.stream(shard), "audit");
    }

    private record Totals(long total, int count) {}
}
