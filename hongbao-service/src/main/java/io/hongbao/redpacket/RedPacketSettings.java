package io.hongbao.redpacket;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.redpacket.*}; the defaults and what each setting means are in {@code application.yml}.
 *
 * @param shards virtual shards of the Redis state; each has its own event stream and expiry index under one hash tag.
 *     Fixed for the life of the data: recorded in the database at first start, and a start with another count is
 *     refused (ADR 0071).
 * @param shardTags how each shard's hash tag is chosen; recorded and checked with {@code shards}
 * @param retention how long a closed packet's live state stays in Redis before readers fall back to the database
 * @param warmUp how hard the grab path is exercised before the service reports UP
 * @param negativeCache how long an instance remembers that the database does not know a packet id
 * @param backlog how far the database may trail a shard's stream before that shard's grabs are refused
 * @param live how the packet event streams follow a packet (ADR 0075)
 */
@ConfigurationProperties("hongbao.redpacket")
public record RedPacketSettings(
        int shards,
        ShardTags shardTags,
        Duration retention,
        Persister persister,
        Sweeper sweeper,
        Recovery recovery,
        Coalescing coalescing,
        Backlog backlog,
        WarmUp warmUp,
        NegativeCache negativeCache,
        Live live) {

    /** One shard per Redis Cluster slot at most: more could not all get a slot of their own. */
    public static final int MAX_SHARDS = 16_384;

    /**
     * How a shard's hash tag is chosen (ADR 0071). {@code EVEN}: tags chosen so that the shards' Cluster slots are
     * spread evenly over 0..16383. {@code LEGACY}: the tag is the shard's number, as data written before ADR 0071 has
     * it (16 shards, tags {@code {0}}..{@code {15}}).
     */
    public enum ShardTags {
        EVEN,
        LEGACY
    }

    public RedPacketSettings {
        Setting.positive(shards, "hongbao.redpacket.shards");
        if (shards > MAX_SHARDS) {
            throw new IllegalArgumentException("hongbao.redpacket.shards is " + shards + "; at most " + MAX_SHARDS
                    + " (one Redis Cluster slot each)");
        }
        Setting.present(shardTags, "hongbao.redpacket.shard-tags");
        Setting.positive(retention, "hongbao.redpacket.retention");
        Setting.present(persister, "hongbao.redpacket.persister");
        Setting.present(sweeper, "hongbao.redpacket.sweeper");
        Setting.present(recovery, "hongbao.redpacket.recovery");
        Setting.present(coalescing, "hongbao.redpacket.coalescing");
        Setting.present(backlog, "hongbao.redpacket.backlog");
        Setting.present(warmUp, "hongbao.redpacket.warm-up");
        Setting.present(negativeCache, "hongbao.redpacket.negative-cache");
        Setting.present(live, "hongbao.redpacket.live");
    }

    /**
     * The packet event streams ({@code GET /api/v1/packets/{id}/events}, ADR 0075).
     *
     * @param pollEvery how often an instance reads a watched packet, once for all its viewers there
     * @param heartbeatEvery how often a stream carries a comment line, so proxies and clients see it alive
     * @param maxPerUser the most streams one user may hold open on one instance; one more is 429 with Retry-After
     * @param maxPerInstance the most streams one instance holds open; one more is 503 with Retry-After
     * @param retryAfter the Retry-After of those refusals
     */
    public record Live(
            Duration pollEvery, Duration heartbeatEvery, int maxPerUser, int maxPerInstance, Duration retryAfter) {
        public Live {
            Setting.positive(pollEvery, "hongbao.redpacket.live.poll-every");
            Setting.positive(heartbeatEvery, "hongbao.redpacket.live.heartbeat-every");
            Setting.positive(maxPerUser, "hongbao.redpacket.live.max-per-user");
            Setting.positive(maxPerInstance, "hongbao.redpacket.live.max-per-instance");
            Setting.positive(retryAfter, "hongbao.redpacket.live.retry-after");
        }
    }

    /**
     * The short memory of packet ids the database does not know, so that grabs of them cost no query meanwhile
     * (docs/design.md, The hot path: a grab).
     *
     * @param rememberFor how long a "no such packet" answer of the database is reused; 0 asks every time
     * @param maxIds the most ids remembered at once (the oldest make room)
     */
    public record NegativeCache(Duration rememberFor, long maxIds) {
        public NegativeCache {
            Setting.notNegative(rememberFor, "hongbao.redpacket.negative-cache.remember-for");
            Setting.positive(maxIds, "hongbao.redpacket.negative-cache.max-ids");
        }
    }

    /**
     * The stream-to-database worker: a fixed pool of threads, each with a Redis connection of its own, drains the
     * shards whose doorbell was rung, plus a safety pass over all shards (ADR 0072).
     *
     * @param workers persister threads (and Redis connections) per instance, whatever the shard count
     * @param block how long an idle worker waits for a rung shard before looking at its periodic work
     * @param reclaimEvery how often the safety pass runs over every shard: reclaims entries pending longer than
     *     {@code claimIdle} and reads entries nobody rang for (written by another instance, or before a crash)
     * @param claimIdle entries pending this long (their consumer died or is stuck) are reclaimed by another
     * @param linger after a batch smaller than {@code batchSize}, how long to wait before reading again, so that
     *     under steady load each transaction (and its fsync) carries many grabs instead of one or two; 0 reads again
     *     at once. Safe because the entries wait in Redis, which already made them durable.
     * @param shardsPerRound how many due shards one worker reads in a round and writes in one transaction (up to
     *     {@code batchSize} entries in all): with many shards, each holds only a few entries per linger (ADR 0082)
     */
    public record Persister(
            Boolean enabled,
            int workers,
            int batchSize,
            Duration block,
            Duration claimIdle,
            Duration reclaimEvery,
            Duration trimEvery,
            Duration linger,
            int shardsPerRound) {
        public Persister {
            Setting.present(enabled, "hongbao.redpacket.persister.enabled");
            Setting.positive(workers, "hongbao.redpacket.persister.workers");
            Setting.positive(batchSize, "hongbao.redpacket.persister.batch-size");
            Setting.positive(block, "hongbao.redpacket.persister.block");
            Setting.positive(claimIdle, "hongbao.redpacket.persister.claim-idle");
            Setting.positive(reclaimEvery, "hongbao.redpacket.persister.reclaim-every");
            Setting.positive(trimEvery, "hongbao.redpacket.persister.trim-every");
            Setting.notNegative(linger, "hongbao.redpacket.persister.linger");
            Setting.positive(shardsPerRound, "hongbao.redpacket.persister.shards-per-round");
        }
    }

    /** Closes expired packets by polling each shard's expiry zset (no keyspace notifications: they get lost). */
    public record Sweeper(Boolean enabled, Duration every, int batchSize) {
        public Sweeper {
            Setting.present(enabled, "hongbao.redpacket.sweeper.enabled");
            Setting.positive(every, "hongbao.redpacket.sweeper.every");
            Setting.positive(batchSize, "hongbao.redpacket.sweeper.batch-size");
        }
    }

    /**
     * Publishes packets a crash left unpublished and rebuilds expired packets whose Redis state was lost.
     *
     * @param grace how old a row must be before it counts as stranded rather than in progress
     */
    public record Recovery(Boolean enabled, Duration every, Duration grace, int batchSize) {
        public Recovery {
            Setting.present(enabled, "hongbao.redpacket.recovery.enabled");
            Setting.positive(every, "hongbao.redpacket.recovery.every");
            Setting.positive(grace, "hongbao.redpacket.recovery.grace");
            Setting.positive(batchSize, "hongbao.redpacket.recovery.batch-size");
        }
    }

    /**
     * Request coalescing on the grab path (ADR 0040): concurrent grabs of one shard share one script call.
     *
     * @param maxBatch the most grabs one call carries while the shard's previous call is in flight
     * @param maxQueued the most grabs that may wait in one shard's lane; one more is refused at once (ADR 0067)
     * @param maxWait a grab that waited in its lane longer than this is refused instead of sent (ADR 0067)
     */
    public record Coalescing(int maxBatch, int maxQueued, Duration maxWait) {
        public Coalescing {
            Setting.positive(maxBatch, "hongbao.redpacket.coalescing.max-batch");
            Setting.positive(maxQueued, "hongbao.redpacket.coalescing.max-queued");
            Setting.positive(maxWait, "hongbao.redpacket.coalescing.max-wait");
        }
    }

    /**
     * The events a shard's stream may hold unrecorded before new grabs on the shard are refused (ADR 0067).
     *
     * @param refuseGrabsAt grabs on a shard are refused (503) while its backlog is at least this many stream entries
     * @param sampleEvery how often the backlog is sampled (grabs read the last sample)
     */
    public record Backlog(long refuseGrabsAt, Duration sampleEvery) {
        public Backlog {
            Setting.positive(refuseGrabsAt, "hongbao.redpacket.backlog.refuse-grabs-at");
            Setting.positive(sampleEvery, "hongbao.redpacket.backlog.sample-every");
        }
    }

    /**
     * Warms the grab path before the service reports UP.
     *
     * @param requests grab requests sent to the service itself (about 10k runs each hot method through C2)
     * @param concurrency requests in flight at once
     * @param maxDuration UP is reported after this long even if the requests have not all answered
     */
    public record WarmUp(Boolean enabled, int concurrency, Duration settledFor, Duration maxDuration) {
        public WarmUp {
            Setting.present(enabled, "hongbao.redpacket.warm-up.enabled");
            Setting.positive(settledFor, "hongbao.redpacket.warm-up.settled-for");
            Setting.positive(concurrency, "hongbao.redpacket.warm-up.concurrency");
            Setting.positive(maxDuration, "hongbao.redpacket.warm-up.max-duration");
        }
    }
}
