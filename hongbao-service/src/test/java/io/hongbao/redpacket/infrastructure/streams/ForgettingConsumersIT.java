package io.hongbao.redpacket.infrastructure.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.support.RedPacketIntegrationTest;
import io.lettuce.core.StreamMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Forgetting idle consumers must never take a live consumer's pending entries with it: XGROUP DELCONSUMER drops the
 * consumer's pending entries, which then are delivered but never acknowledged nor reclaimable, so never persisted.
 * Redis before 7.2 counts a consumer's idle time from its last successful read, so a live consumer waiting for entries
 * looks idle; the check and the removal must be one atomic step.
 */
class ForgettingConsumersIT extends RedPacketIntegrationTest {

    private static final int READERS = 8;
    private static final int ROUNDS = 500;

    @Autowired
    RedisConnections client;

    @Test
    void forgettingIdleConsumersNeverDropsEntriesJustDeliveredToALiveConsumer() throws Exception {
        String key = "test:{forget}:" + UUID.randomUUID();
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger forgotten = new AtomicInteger();
        ExecutorService readers = Executors.newFixedThreadPool(READERS);
        try (RedisConnection removerConnection = client.open()) {
            ShardStream remover = new ShardStream(removerConnection.sync(), key, "remover");
            remover.ensureGroup();
            // Threshold 0: a consumer quiet for a millisecond with nothing pending is removed, so removals race every
            // read; several consumers make each round of removals last several round trips.
            Thread removing = new Thread(() -> {
                while (!done.get()) {
                    forgotten.addAndGet(remover.forgetIdleConsumers(Duration.ZERO));
                }
            });
            removing.start();
            List<Future<int[]>> results = new ArrayList<>();
            try {
                for (int r = 0; r < READERS; r++) {
                    String name = "live-" + r;
                    results.add(readers.submit(() -> readAndAcknowledge(key, name)));
                }
                int delivered = 0;
                int lost = 0;
                for (Future<int[]> result : results) {
                    delivered += result.get()[0];
                    lost += result.get()[1];
                }
                System.out.printf(
                        "ForgettingConsumersIT: %d consumers x %d rounds, %d entries delivered, %d consumers forgotten,"
                                + " %d delivered entries dropped from the pending list%n",
                        READERS, ROUNDS, delivered, forgotten.get(), lost);
                assertThat(forgotten.get()).isPositive();
                assertThat(lost).isZero();
                assertThat(delivered).isEqualTo(READERS * ROUNDS);
            } finally {
                done.set(true);
                removing.join();
                readers.shutdownNow();
                removerConnection.sync().del(key);
            }
        }
    }

    /** One live consumer: adds an entry, reads, acknowledges, pauses; returns {delivered, no longer pending}. */
    private int[] readAndAcknowledge(String key, String name) throws InterruptedException {
        int delivered = 0;
        int lost = 0;
        try (RedisConnection connection = client.open()) {
            ShardStream live = new ShardStream(connection.sync(), key, name);
            for (int round = 0; round < ROUNDS; round++) {
                connection.sync().xadd(key, Map.of("n", name + "/" + round));
                List<StreamMessage<String, String>> read = live.readNew(1, Duration.ofMillis(5));
                if (read.isEmpty()) {
                    continue;
                }
                delivered += read.size();
                long acknowledged = connection
                        .sync()
                        .xack(
                                key,
                                ShardStream.GROUP,
                                read.stream().map(StreamMessage::getId).toArray(String[]::new));
                lost += read.size() - (int) acknowledged;
                Thread.sleep(1);
            }
        }
        return new int[] {delivered, lost};
    }

    @Test
    void aConsumerHoldingEntriesIsNeverForgottenAndAQuietOneWithNothingPendingIs() throws Exception {
        String key = "test:{forget}:" + UUID.randomUUID();
        ShardStream holder = new ShardStream(redis.sync(), key, "holder");
        ShardStream quiet = new ShardStream(redis.sync(), key, "quiet");
        try {
            holder.ensureGroup();
            redis.sync().xadd(key, Map.of("n", "1"));
            redis.sync().xadd(key, Map.of("n", "2"));
            assertThat(holder.readNew(1, Duration.ofMillis(5))).hasSize(1);
            quiet.ack(quiet.readNew(1, Duration.ofMillis(5)).stream()
                    .map(StreamMessage::getId)
                    .toList());
            Thread.sleep(50);

            assertThat(holder.forgetIdleConsumers(Duration.ofMillis(10))).isEqualTo(1);
            assertThat(redis.sync().xinfoConsumers(key, ShardStream.GROUP)).hasSize(1);
            assertThat(holder.claimIdle(Duration.ZERO, 10)).hasSize(1);
        } finally {
            redis.sync().del(key);
        }
    }
}
