package io.hongbao.platform.outbox;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The last sampled backlog of every shard's outbox: rows waiting and the age of the oldest. Each instance samples every
 * shard (the outbox is the databases', not the instance's), each shard on its own thread, so a shard that does not
 * answer keeps its last sample and holds up no other's.
 */
public final class OutboxProgress {

    private final Clock clock;
    private final boolean on;
    private final AtomicReferenceArray<ShardOutbox.Backlog> samples;

    public OutboxProgress(Clock clock, int shards, boolean on) {
        this.clock = clock;
        this.on = on;
        this.samples = new AtomicReferenceArray<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            samples.set(shard, ShardOutbox.Backlog.EMPTY);
        }
    }

    /** Whether events are published at all (a bus is configured). */
    public boolean on() {
        return on;
    }

    void sampled(int shard, ShardOutbox.Backlog backlog) {
        samples.set(shard, backlog);
    }

    public List<ShardBacklog> shards() {
        Instant now = clock.instant();
        List<ShardBacklog> shards = new ArrayList<>(samples.length());
        for (int shard = 0; shard < samples.length(); shard++) {
            shards.add(ShardBacklog.of(shard, samples.get(shard), now));
        }
        return shards;
    }

    long rows(int shard) {
        return samples.get(shard).rows();
    }

    double oldestAgeSeconds(int shard) {
        return ShardBacklog.of(shard, samples.get(shard), clock.instant()).oldestAgeMillis() / 1000.0;
    }

    /** @param oldestAgeMillis how long the oldest waiting row has waited; 0 when none waits */
    public record ShardBacklog(int shard, long rows, long oldestAgeMillis) {

        static ShardBacklog of(int shard, ShardOutbox.Backlog backlog, Instant now) {
            long age = backlog.oldestWrittenAt() == null
                    ? 0
                    : Math.max(
                            0, Duration.between(backlog.oldestWrittenAt(), now).toMillis());
            return new ShardBacklog(shard, backlog.rows(), age);
        }
    }
}
