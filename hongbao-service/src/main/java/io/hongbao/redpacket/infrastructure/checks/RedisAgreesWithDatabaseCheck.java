package io.hongbao.redpacket.infrastructure.checks;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.checks.AuditedPackets.Packet;
import io.hongbao.redpacket.infrastructure.lifecycle.ReadScript;
import io.hongbao.redpacket.infrastructure.lifecycle.ReadScript.LiveSnapshot;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Redis and the database agree on every packet Redis holds among those checked one by one (every packet for the full
 * audit, the open and recently closed ones for the recent audit). It first gives the persisters a moment to drain the
 * streams. Then, a page of packets at a time, it reads in this order, so that grabs going on meanwhile cannot raise a
 * false alarm: the database's grabs (D1), each packet's state in Redis (R), the database again (D2) for grants D1
 * lacked. Every grab in D1 is in R with its amount (nothing recorded that Redis did not grant), each packet's
 * remaining + granted in R = its total, and every grant in R is in D2 with its amount or, still in flight, in a stream
 * or the database when {@link InFlightGrants} looks (nothing granted is lost).
 *
 * <p>The Redis reads go over a connection of the audit's own, never the one the grab path pipelines on: first an
 * EXISTS per packet of the page, then one script per packet Redis holds, each batch all in flight at once and awaited
 * before the next, so at most a page's worth of calls is in flight. A page holds at most {@link #SHARES_PER_PAGE}
 * shares, so memory stays bounded whatever the number or size of the packets.
 */
public final class RedisAgreesWithDatabaseCheck implements AuditCheck, AutoCloseable {

    static final long SHARES_PER_PAGE = 50_000;
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    private final PacketKeys keys;
    private final RedisConnection connection;
    private final RedisClusterCommands<String, String> redis;
    private final ReadScript read;
    private final RecordedGrabs recorded;
    private final AuditedPackets packets;
    private final Duration drainWait;

    /** @param connection the audit's own, closed with the check */
    public RedisAgreesWithDatabaseCheck(
            JdbcClient jdbc, PacketKeys keys, RedisConnection connection, AuditPaging paging, Duration drainWait) {
        this.keys = keys;
        this.connection = connection;
        this.redis = connection.sync();
        this.read = new ReadScript(connection.async(), keys);
        this.recorded = new RecordedGrabs(jdbc);
        this.packets = new AuditedPackets(jdbc, paging.pageSize(), SHARES_PER_PAGE);
        this.drainWait = drainWait;
    }

    @Override
    public String name() {
        return "redis-db-agreement";
    }

    @Override
    public AuditResult run() {
        return run(AuditScope.FULL);
    }

    @Override
    public AuditResult run(AuditScope scope) {
        long inFlight = awaitDrained();
        Offenders offenders = new Offenders();
        InFlightGrants pending = new InFlightGrants(redis, keys, recorded, offenders);
        long[] live = {0};
        long checked = packets.forEachPage(scope, page -> live[0] += compare(page, offenders, pending));
        pending.resolve();
        String figures = live[0] + " of the " + checked + " packets checked one by one (" + scope.describe()
                + ") live in Redis, " + inFlight + " stream entries not yet persisted";
        return offenders.none()
                ? AuditResult.passed(figures + "; all agree")
                : AuditResult.failed(offenders.count() + " packets disagree (" + figures + "): " + offenders);
    }

    @Override
    public void close() {
        connection.close();
    }

    /** One page: D1, R, D2 as the class says, for the packets Redis holds; returns how many those are. */
    private int compare(List<Packet> all, Offenders offenders, InFlightGrants pending) {
        List<Packet> page = held(all);
        if (page.isEmpty()) {
            return 0;
        }
        List<String> ids = AuditedPackets.ids(page);
        Map<String, Map<Long, Long>> before = recorded.of(ids);
        Map<String, LiveSnapshot> live = snapshots(ids);
        Map<String, Map<Long, Long>> unrecorded = new HashMap<>();
        for (Packet packet : page) {
            LiveSnapshot snapshot = live.get(packet.id());
            if (snapshot == null) {
                continue; // not in Redis (closed long ago, or lost): its next grab or the recovery loads it whole
            }
            Map<Long, Long> granted = granted(snapshot);
            Optional<String> problem =
                    disagreement(packet, snapshot, granted, before.getOrDefault(packet.id(), Map.of()));
            if (problem.isPresent()) {
                offenders.add(problem.get());
                continue;
            }
            granted.forEach((user, amount) -> {
                if (!RecordedGrabs.holds(before, packet.id(), user, amount)) {
                    unrecorded
                            .computeIfAbsent(packet.id(), k -> new HashMap<>())
                            .put(user, amount);
                }
            });
        }
        if (!unrecorded.isEmpty()) {
            Map<String, Map<Long, Long>> after = recorded.of(unrecorded.keySet());
            unrecorded.forEach((packet, users) -> users.forEach((user, amount) -> {
                if (!RecordedGrabs.holds(after, packet, user, amount)) {
                    pending.add(packet, user, amount);
                }
            }));
        }
        return live.size();
    }

    private static Optional<String> disagreement(
            Packet packet, LiveSnapshot snapshot, Map<Long, Long> granted, Map<Long, Long> recordedBefore) {
        for (Map.Entry<Long, Long> recorded : recordedBefore.entrySet()) {
            if (!recorded.getValue().equals(granted.get(recorded.getKey()))) {
                return Optional.of(packet.id() + ": the database has user " + recorded.getKey() + " with "
                        + recorded.getValue() + ", Redis has " + granted.get(recorded.getKey()));
            }
        }
        long grantedSum = granted.values().stream().mapToLong(Long::longValue).sum();
        if (grantedSum + snapshot.remainingAmount() != packet.total()
                || granted.size() + snapshot.remainingCount() != packet.count()) {
            return Optional.of(packet.id() + ": Redis has " + granted.size() + " grants of " + grantedSum + " and "
                    + snapshot.remainingCount() + " shares of " + snapshot.remainingAmount()
                    + " left, for a total of " + packet.total() + " in " + packet.count());
        }
        return Optional.empty();
    }

    private static Map<Long, Long> granted(LiveSnapshot snapshot) {
        Map<Long, Long> granted = new HashMap<>();
        for (PacketGrab grab : snapshot.grabs()) {
            granted.put(grab.user().value(), grab.amount());
        }
        return granted;
    }

    /**
     * The page's packets Redis holds (one EXISTS each, all in flight at once): most packets of a long history are
     * closed and gone from Redis, and their page then costs no database read at all. One that appears after this
     * (rebuilt) was not live when the page was read; one that goes (expired) reads as absent below.
     */
    private List<Packet> held(List<Packet> page) {
        List<CompletableFuture<Long>> exists = new ArrayList<>(page.size());
        for (Packet packet : page) {
            exists.add(connection
                    .async()
                    .exists(keys.packet(new PacketId(packet.id())))
                    .toCompletableFuture());
        }
        List<Packet> held = new ArrayList<>();
        for (int i = 0; i < page.size(); i++) {
            if (await(exists.get(i), page.get(i).id()) == 1L) {
                held.add(page.get(i));
            }
        }
        return held;
    }

    private static <T> T await(CompletableFuture<T> future, String packet) {
        try {
            return future.get(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading packet " + packet + " from Redis", e);
        } catch (Exception e) {
            throw new IllegalStateException("could not read packet " + packet + " from Redis: " + e, e);
        }
    }

    /** The page's packets read from Redis at once: one script each in flight, then every answer awaited. */
    private Map<String, LiveSnapshot> snapshots(List<String> ids) {
        Map<String, CompletableFuture<Optional<LiveSnapshot>>> reads = new LinkedHashMap<>();
        for (String id : ids) {
            reads.put(id, read.read(new PacketId(id)).toCompletableFuture());
        }
        Map<String, LiveSnapshot> live = new HashMap<>();
        reads.forEach((id, future) -> await(future, id).ifPresent(s -> live.put(id, s)));
        return live;
    }

    /** Waits up to drainWait for every shard's stream to be fully acknowledged; returns what is still in flight. */
    private long awaitDrained() {
        long deadline = System.nanoTime() + drainWait.toNanos();
        while (true) {
            long inFlight = 0;
            for (int shard = 0; shard < keys.shards(); shard++) {
                inFlight += new ShardStream(redis, keys.stream(shard), "audit").unacknowledged();
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
}
