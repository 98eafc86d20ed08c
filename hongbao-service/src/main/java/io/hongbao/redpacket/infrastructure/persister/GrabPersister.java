package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.platform.workers.PeriodicWorker;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Moves grab and refund events from the shard streams into the database (ADR 0072): a fixed pool of
 * {@code persister.workers} threads, each with a Redis connection of its own, drains the shards the {@link
 * ShardDoorbell} says were written to, and a safety pass every {@code reclaim-every} covers every shard. With several
 * databases the workers are spread over them ({@link PersisterLanes}), and each serves only its database's shards,
 * with that lane's own safety pass and trim; the credits to payees on other databases go through per-database {@link
 * CreditLanes} (ADR 0091): one frozen database holds its own workers and credits, never the others'. What the
 * persister costs when idle does not grow with the shard count: no thread, connection or poll per shard, only the
 * safety pass's two commands per shard and period. All workers are consumer {@link #consumerName()} of group
 * {@value ShardStream#GROUP}; the name is unique per process, so any number of service instances can run persisters on
 * the same Redis and database at once. Each shard also has a dead-letter stream for the entries that can never be
 * written ({@link DeadLetterStream}).
 */
public final class GrabPersister implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(GrabPersister.class);
    /**
     * Payouts queued per payee database for its credit lane (ADR 0091), about 10 MB: at 10,000 grants a second, a
     * quarter of them to one database, a stall of 20 s. A database stalled longer refuses the rest, whose entries
     * wait in Redis for a reclaim.
     */
    private static final int CREDITS_QUEUED_PER_DATABASE = 50_000;

    private final RedisConnections connectionsToRedis;
    private final PacketKeys keys;
    private final ShardDoorbell doorbell;
    private final PacketEventWriter writer;
    private final RedPacketSettings.Persister settings;
    private final DatabaseShards databaseShards;
    private final ReplicatedAcknowledgements replicas;
    private final DeadLetterMeters[] meters;
    private final String consumerName = uniqueConsumerName();
    private final List<PersisterWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<RedisConnection> connections = new ArrayList<>();
    private final EntriesAwaitingCredits awaitingCredits = new EntriesAwaitingCredits();
    private CreditLanes credits;

    public GrabPersister(
            RedisConnections connectionsToRedis,
            PacketKeys keys,
            ShardDoorbell doorbell,
            PacketEventWriter writer,
            RedPacketSettings.Persister settings,
            DatabaseShards databaseShards,
            ReplicatedAcknowledgements replicas,
            MeterRegistry registry) {
        this.connectionsToRedis = connectionsToRedis;
        this.keys = keys;
        this.doorbell = doorbell;
        this.writer = writer;
        this.settings = settings;
        this.databaseShards = databaseShards;
        this.replicas = replicas;
        this.meters = new DeadLetterMeters[keys.shards()];
        for (int shard = 0; shard < meters.length; shard++) {
            meters[shard] = DeadLetterMeters.register(registry, shard);
        }
    }

    @Override
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        int databases = databaseShards.count();
        credits = new CreditLanes(databases, CREDITS_QUEUED_PER_DATABASE, writer::receive);
        int perLane = PersisterLanes.workersPerDatabase(settings.workers(), databases);
        for (int database = 0; database < databases; database++) {
            IntPredicate lane = PersisterLanes.shardsOf(databaseShards, database);
            PersisterSchedule schedule = new PersisterSchedule(
                    keys.shards(), lane, settings.reclaimEvery(), settings.trimEvery(), System::nanoTime);
            for (int w = 0; w < perLane; w++) {
                PersisterWorker worker = newWorker(lane, schedule);
                Thread thread =
                        new Thread(worker, databases == 1 ? "persister-" + w : "persister-" + database + "-" + w);
                thread.setDaemon(true);
                workers.add(worker);
                threads.add(thread);
            }
        }
        if (databases > 1) {
            // One database: every payee is paid in the first step, nothing is ever queued.
            credits.start();
        }
        threads.forEach(Thread::start);
    }

    /** A worker of {@code lane}, with a Redis connection of its own. */
    private PersisterWorker newWorker(IntPredicate lane, PersisterSchedule schedule) {
        RedisConnection connection = connectionsToRedis.open();
        connections.add(connection);
        RedisClusterCommands<String, String> redis = connection.sync();
        ShardStream[] streams = new ShardStream[keys.shards()];
        DeadLetterStream[] deadLetters = new DeadLetterStream[keys.shards()];
        for (int shard = 0; shard < keys.shards(); shard++) {
            streams[shard] = new ShardStream(redis, keys.stream(shard), consumerName);
            deadLetters[shard] = new DeadLetterStream(redis, keys, shard);
        }
        if (workers.isEmpty()) {
            ensureGroups(streams);
        }
        return new PersisterWorker(
                streams,
                deadLetters,
                meters,
                doorbell,
                schedule,
                writer,
                settings,
                databaseShards,
                lane,
                awaitingCredits,
                credits,
                new ReplicatedReads(connection, replicas));
    }

    /**
     * Once at start, so that the first reads find the groups; a group lost later (Redis flushed) is recreated by the
     * worker that meets NOGROUP. Redis being down now is not fatal: the workers recreate the groups as they meet them.
     */
    private static void ensureGroups(ShardStream[] streams) {
        try {
            for (ShardStream stream : streams) {
                stream.ensureGroup();
            }
        } catch (RuntimeException e) {
            log.warn("Cannot create the persister's consumer groups yet, the workers will: {}", e.toString());
        }
    }

    /** Stops after the web server has answered its requests in flight, as the other workers do. */
    @Override
    public int getPhase() {
        return PeriodicWorker.PHASE;
    }

    @Override
    public synchronized void stop() {
        workers.forEach(PersisterWorker::stop);
        for (Thread thread : threads) {
            try {
                thread.join(settings.block().toMillis() + 10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (credits != null) {
            // Before the connections close: the credit lanes acknowledge through the workers' connections.
            credits.stop(Duration.ofSeconds(10));
            credits = null;
        }
        connections.forEach(RedisConnection::close);
        workers.clear();
        threads.clear();
        connections.clear();
    }

    @Override
    public boolean isAutoStartup() {
        return settings.enabled();
    }

    @Override
    public synchronized boolean isRunning() {
        return !threads.isEmpty();
    }

    public String consumerName() {
        return consumerName;
    }

    private static String uniqueConsumerName() {
        return ManagementFactory.getRuntimeMXBean().getName() + "-"
                + UUID.randomUUID().toString().substring(0, 8);
    }
}
