package io.hongbao.redpacket;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.redpacket.*}.
 *
 * @param shards virtual shards of the Redis state; each has its own event stream and expiry index under one hash tag.
 *     Fixed for the life of the data: changing it would orphan live packets.
 * @param retention how long a closed packet's live state stays in Redis before readers fall back to the database
 */
@ConfigurationProperties("hongbao.redpacket")
public record RedPacketSettings(
        int shards,
        Duration retention,
        Persister persister,
        Sweeper sweeper,
        Recovery recovery,
        Coalescing coalescing) {

    public RedPacketSettings {
        shards = shards <= 0 ? 16 : shards;
        retention = retention == null ? Duration.ofDays(1) : retention;
        persister = persister == null ? new Persister(true, 0, null, null, null, null, null) : persister;
        sweeper = sweeper == null ? new Sweeper(true, null, 0) : sweeper;
        recovery = recovery == null ? new Recovery(true, null, null, 0) : recovery;
        coalescing = coalescing == null ? new Coalescing(0) : coalescing;
    }

    /**
     * The stream-to-database worker: one thread and one Redis connection per shard.
     *
     * @param block how long one XREADGROUP waits for new entries
     * @param claimIdle entries pending this long (their consumer died or is stuck) are reclaimed by another
     * @param linger after a batch smaller than {@code batchSize}, how long to wait before reading again, so that
     *     under steady load each transaction (and its fsync) carries many grabs instead of one or two; 0 reads again
     *     at once. Safe because the entries wait in Redis, which already made them durable.
     */
    public record Persister(
            boolean enabled,
            int batchSize,
            Duration block,
            Duration claimIdle,
            Duration reclaimEvery,
            Duration trimEvery,
            Duration linger) {
        public Persister {
            linger = linger == null ? Duration.ofMillis(20) : linger;
            if (linger.isNegative()) {
                throw new IllegalArgumentException("persister linger must not be negative");
            }
            batchSize = batchSize <= 0 ? 500 : batchSize;
            block = block == null ? Duration.ofMillis(500) : block;
            claimIdle = claimIdle == null ? Duration.ofSeconds(30) : claimIdle;
            reclaimEvery = reclaimEvery == null ? Duration.ofSeconds(5) : reclaimEvery;
            trimEvery = trimEvery == null ? Duration.ofSeconds(10) : trimEvery;
        }
    }

    /** Closes expired packets by polling each shard's expiry zset (no keyspace notifications: they get lost). */
    public record Sweeper(boolean enabled, Duration every, int batchSize) {
        public Sweeper {
            every = every == null ? Duration.ofMillis(500) : every;
            batchSize = batchSize <= 0 ? 200 : batchSize;
        }
    }

    /**
     * Publishes packets a crash left unpublished and rebuilds expired packets whose Redis state was lost.
     *
     * @param grace how old a row must be before it counts as stranded rather than in progress
     */
    public record Recovery(boolean enabled, Duration every, Duration grace, int batchSize) {
        public Recovery {
            every = every == null ? Duration.ofSeconds(5) : every;
            grace = grace == null ? Duration.ofSeconds(5) : grace;
            batchSize = batchSize <= 0 ? 100 : batchSize;
        }
    }

    /**
     * Request coalescing on the grab path (ADR 0040): concurrent grabs of one shard share one script call.
     *
     * @param maxBatch the most grabs one call carries while the shard's previous call is in flight
     */
    public record Coalescing(int maxBatch) {
        public Coalescing {
            maxBatch = maxBatch <= 0 ? 64 : maxBatch;
        }
    }
}
