package io.hongbao.bench.engine;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code seed-baseline}: the sources' design. 20 threads, each with its own connection (as from a Jedis pool), each
 * sending one EVAL with the whole script per grab and waiting for the answer; no stream event, no persistence.
 */
final class SeedBaseline implements Contender {

    static final int THREADS = 20;
    private static final String SCRIPT = load();

    private final RedisClient client;
    private final int packets;
    private final int shares;
    private final int users;
    private List<String> ids;

    SeedBaseline(RedisClient client, int packets, int shares, int users) {
        this.client = client;
        this.packets = packets;
        this.shares = shares;
        this.users = users;
    }

    static String unconsumed(String id) {
        return "seed:{" + id + "}:shares";
    }

    @Override
    public String name() {
        return "seed-baseline";
    }

    @Override
    public void prepare() {
        try (StatefulRedisConnection<String, String> redis = client.connect()) {
            ids = EngineSetup.publishSeed(redis, packets, shares);
        }
    }

    @Override
    public Measurement run(Duration warmup, Duration measure) throws InterruptedException {
        Measurement measurement = new Measurement();
        long deadline = System.nanoTime() + warmup.plus(measure).toNanos();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            SplittableRandom random = new SplittableRandom(t);
            Thread thread = new Thread(() -> grabUntil(deadline, random, measurement), "seed-" + t);
            thread.start();
            threads.add(thread);
        }
        Thread.sleep(warmup.toMillis());
        measurement.begin();
        Thread.sleep(measure.toMillis());
        measurement.end();
        for (Thread thread : threads) {
            thread.join();
        }
        return measurement;
    }

    private void grabUntil(long deadline, SplittableRandom random, Measurement measurement) {
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisCommands<String, String> redis = connection.sync();
            while (System.nanoTime() < deadline) {
                String id = ids.get(random.nextInt(ids.size()));
                String[] keys = {unconsumed(id), "seed:{" + id + "}:consumed", "seed:{" + id + "}:users"};
                String user = Integer.toString(1 + random.nextInt(users));
                long start = System.nanoTime();
                try {
                    Long reply = redis.eval(SCRIPT, ScriptOutputType.INTEGER, keys, user);
                    measurement.latency(System.nanoTime() - start);
                    count(measurement, reply);
                } catch (RuntimeException e) {
                    if (measurement.measuring()) {
                        measurement.errors.increment();
                    }
                }
            }
        }
    }

    private static void count(Measurement measurement, long reply) {
        if (!measurement.measuring()) {
            return;
        }
        if (reply > 0) {
            measurement.granted.increment();
        } else if (reply < 0) {
            measurement.alreadyGrabbed.increment();
        } else {
            measurement.soldOut.increment();
        }
    }

    private static String load() {
        try (InputStream in = SeedBaseline.class.getResourceAsStream("/bench/seed_baseline.lua")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
