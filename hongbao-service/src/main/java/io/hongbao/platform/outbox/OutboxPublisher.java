package io.hongbao.platform.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Publishes one database shard's outbox: the oldest rows in position order, sent in that order, and deleted only once
 * the bus acknowledged them (ADR 0096). At least once: a failure or a crash between the acknowledgement and the delete
 * sends the row again, the same bytes under the same id. In order per account: a shard's rows leave in position order
 * through one producer whose sends to a partition are written in the order sent (idempotent, never expiring a batch),
 * and the next batch is read only after this one was acknowledged or failed; after a failure the rows not acknowledged
 * are read again from the oldest, so nothing is skipped.
 */
public final class OutboxPublisher {

    private final int shard;
    private final ShardOutbox outbox;
    private final EventBus bus;
    private final int batchSize;
    private final Clock clock;
    private final Counter published;
    private final Counter failures;
    private final Timer lag;

    public OutboxPublisher(
            int shard, ShardOutbox outbox, EventBus bus, int batchSize, Clock clock, MeterRegistry registry) {
        this.shard = shard;
        this.outbox = outbox;
        this.bus = bus;
        this.batchSize = batchSize;
        this.clock = clock;
        String tag = Integer.toString(shard);
        this.published = Counter.builder("hongbao.outbox.published")
                .description("outbox events the bus acknowledged, by database shard")
                .tag("shard", tag)
                .register(registry);
        this.failures = Counter.builder("hongbao.outbox.publish.failures")
                .description("publishing passes that failed (the rows not acknowledged are sent again)")
                .tag("shard", tag)
                .register(registry);
        this.lag = Timer.builder("hongbao.outbox.publish.lag")
                .description("from an outbox row's transaction to the bus' acknowledgement of its event")
                .tag("shard", tag)
                .publishPercentiles(0.5, 0.99)
                .register(registry);
    }

    /**
     * Publishes until the outbox is empty, a batch comes back short, or a send fails (then throws, after deleting what
     * was acknowledged). Does nothing while another instance is the shard's publisher.
     *
     * @return the events acknowledged
     */
    public int publishOnce() {
        if (!outbox.claim()) {
            return 0;
        }
        int done = 0;
        while (!Thread.currentThread().isInterrupted()) {
            List<OutboxRow> rows = outbox.oldest(batchSize);
            if (rows.isEmpty()) {
                return done;
            }
            EventBus.Acks acks = bus.send(shard, rows);
            if (!acks.acknowledged().isEmpty()) {
                // A crash before this delete sends these rows again: a duplicate, never a loss.
                outbox.delete(acks.acknowledged());
                measure(rows, acks.acknowledged());
                done += acks.acknowledged().size();
            }
            if (acks.failure() != null) {
                failures.increment();
                throw acks.failure();
            }
            if (rows.size() < batchSize) {
                return done;
            }
        }
        return done;
    }

    public void stop() {
        bus.close();
        outbox.release();
    }

    private void measure(List<OutboxRow> rows, List<Long> acknowledged) {
        Instant now = clock.instant();
        Map<Long, OutboxRow> byPosition = new HashMap<>();
        rows.forEach(row -> byPosition.put(row.position(), row));
        for (long position : acknowledged) {
            OutboxRow row = byPosition.get(position);
            if (row != null) {
                lag.record(Duration.between(row.writtenAt(), now).abs());
            }
        }
        published.increment(acknowledged.size());
    }
}
