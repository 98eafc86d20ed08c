package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.RedPacketSettings;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.context.SmartLifecycle;

/**
 * Moves grab and refund events from the shard streams into the database: one thread and one Redis connection per
 * shard, all in consumer group {@value ShardStream#GROUP}. The consumer name is unique per process, so any number of
 * service instances can run persisters on the same Redis and database at once. Each shard also has a dead-letter
 * stream for the entries that can never be written ({@link DeadLetterStream}).
 */
public final class GrabPersister implements SmartLifecycle {

    private final RedisClient client;
    private final PacketKeys keys;
    private final PacketEventWriter writer;
    private final RedPacketSettings.Persister settings;
    private final MeterRegistry registry;
    private final String consumerName = uniqueConsumerName();
    private final List<ShardPersister> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<StatefulRedisConnection<String, String>> connections = new ArrayList<>();

    public GrabPersister(
            RedisClient client,
            PacketKeys keys,
            PacketEventWriter writer,
            RedPacketSettings.Persister settings,
            MeterRegistry registry) {
        this.client = client;
        this.keys = keys;
        this.writer = writer;
        this.settings = settings;
        this.registry = registry;
    }

    @Override
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        for (int shard = 0; shard < keys.shards(); shard++) {
            StatefulRedisConnection<String, String> connection = client.connect();
            ShardStream stream = new ShardStream(connection.sync(), keys.stream(shard), consumerName);
            DeadLetterStream deadLetters = new DeadLetterStream(connection.sync(), keys, shard);
            ShardPersister worker = new ShardPersister(
                    stream, deadLetters, writer, settings, DeadLetterMeters.register(registry, shard));
            Thread thread = new Thread(worker, "persister-" + shard);
            thread.setDaemon(true);
            connections.add(connection);
            workers.add(worker);
            threads.add(thread);
            thread.start();
        }
    }

    @Override
    public synchronized void stop() {
        workers.forEach(ShardPersister::stop);
        for (Thread thread : threads) {
            try {
                thread.join(settings.block().toMillis() + 10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        connections.forEach(StatefulRedisConnection::close);
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
