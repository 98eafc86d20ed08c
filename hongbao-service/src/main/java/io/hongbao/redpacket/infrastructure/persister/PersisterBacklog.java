package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.workers.PeriodicWorker;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.grab.GrabRefusal;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many events each shard's stream holds that the database has not recorded, sampled off the grab path every
 * {@code sampleEvery} (ADR 0067), as the gauge {@code hongbao.persister.backlog{shard}}. Grabs on a shard whose backlog
 * reached {@code refuseGrabsAt} are refused ({@link GrabRefusal#BACKLOG}) until the persister catches up: the stream
 * is memory Redis cannot free until the database has the events, and a database that far behind shows balances far
 * behind the grabs.
 *
 * <p>The backlog is the persister group's pending entries plus its lag where Redis reports a lag (7.0 and later);
 * otherwise (6.2, the embedded one, or a lag Redis cannot tell) it is the stream's length, which also counts entries
 * recorded but not yet trimmed (the persister trims every {@code trim-every}). A sample that fails admits: grabs then
 * meet Redis' own failure.
 *
 * <p>Only the shards this instance was asked to grab on since the last sample are sampled each period, and every shard
 * once every {@value #FULL_SAMPLE_EVERY_ROUNDS} periods (for the gauges): with 256 shards, sampling all of them every
 * 200 ms cost Redis about 2,500 commands a second per instance, idle or not, for admission answers nobody asked for. A
 * shard first asked after a while is judged on a sample at most that many periods old, then on a fresh one.
 */
public final class PersisterBacklog extends PeriodicWorker {

    private static final Logger log = LoggerFactory.getLogger(PersisterBacklog.class);
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(1);
    static final int FULL_SAMPLE_EVERY_ROUNDS = 25;

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final long refuseGrabsAt;
    /** Per shard; replaced whole by each sample, so a reader sees one sample's values. */
    private volatile long[] backlog;

    private volatile boolean[] over;
    /** 1 for a shard a grab asked about since the last sample: set on the grab path, cleared by the sampler. */
    private final AtomicIntegerArray asked;
    /** Sampling rounds so far (the worker's thread only). */
    private long rounds;
    /** Whether the last sample failed (the worker's thread only): its warning is logged once, not every period. */
    private boolean failing;

    public PersisterBacklog(
            RedisClusterAsyncCommands<String, String> redis,
            PacketKeys keys,
            RedPacketSettings.Backlog settings,
            MeterRegistry registry) {
        super("persister-backlog", settings.sampleEvery(), true);
        this.redis = redis;
        this.keys = keys;
        this.refuseGrabsAt = settings.refuseGrabsAt();
        this.backlog = new long[keys.shards()];
        this.over = new boolean[keys.shards()];
        this.asked = new AtomicIntegerArray(keys.shards());
        for (int shard = 0; shard < keys.shards(); shard++) {
            int s = shard;
            Gauge.builder("hongbao.persister.backlog", this, sampler -> sampler.backlog(s))
                    .description("events in the shard's stream the database has not recorded, as last sampled")
                    .tag("shard", Integer.toString(shard))
                    .register(registry);
        }
    }

    /** {@link GrabRefusal#BACKLOG} while the shard's backlog is at or over the bound, else {@code null}. */
    public GrabRefusal refusal(int shard) {
        // Read before the write: a hot shard's flag is already set, and a plain read keeps its cache line shared.
        if (asked.get(shard) == 0) {
            asked.lazySet(shard, 1);
        }
        return over[shard] ? GrabRefusal.BACKLOG : null;
    }

    public long backlog(int shard) {
        return backlog[shard];
    }

    @Override
    protected int runOnce() {
        boolean wasOver = anyOver(over);
        long[] sampled = sampleOrNull(shardsToSample(rounds++, asked));
        if (sampled == null) {
            // Admit while Redis cannot be asked; the gauges keep the last known backlog.
            over = new boolean[keys.shards()];
        } else {
            backlog = sampled;
            over = overTheBound(sampled);
        }
        if (anyOver(over) != wasOver) {
            log.warn(
                    "Persister backlog {} (refusing at {} per shard): grabs on the shards over it are {}",
                    Arrays.toString(backlog),
                    refuseGrabsAt,
                    wasOver ? "admitted again" : "REFUSED");
        }
        return 0;
    }

    /** The backlog of every shard, or {@code null} when Redis did not answer (warned once, not every period). */
    private long[] sampleOrNull(int[] shards) {
        try {
            long[] sampled = sample(shards);
            failing = false;
            return sampled;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            if (!failing) {
                log.warn("Cannot sample the persister backlog, admitting grabs until Redis answers: {}", e.toString());
            }
            failing = true;
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private boolean[] overTheBound(long[] sampled) {
        boolean[] flags = new boolean[sampled.length];
        for (int shard = 0; shard < sampled.length; shard++) {
            flags[shard] = sampled[shard] >= refuseGrabsAt;
        }
        return flags;
    }

    /**
     * The shards to sample in round {@code round}: every shard in a full round, else those asked about since the last
     * round (their flags cleared, so a grab asking meanwhile is seen by the next round).
     */
    static int[] shardsToSample(long round, AtomicIntegerArray asked) {
        boolean full = round % FULL_SAMPLE_EVERY_ROUNDS == 0;
        int[] shards = new int[asked.length()];
        int count = 0;
        for (int shard = 0; shard < asked.length(); shard++) {
            if (asked.getAndSet(shard, 0) == 1 || full) {
                shards[count++] = shard;
            }
        }
        return Arrays.copyOf(shards, count);
    }

    /**
     * The last sample with {@code shards} sampled again: their XLEN in one pipelined round, then XINFO GROUPS of the
     * non-empty streams in a second.
     */
    private long[] sample(int[] shards) throws ExecutionException, InterruptedException, TimeoutException {
        List<RedisFuture<Long>> lengths = new ArrayList<>(shards.length);
        for (int shard : shards) {
            lengths.add(redis.xlen(keys.stream(shard)));
        }
        long[] sampled = backlog.clone();
        List<RedisFuture<List<Object>>> groups = new ArrayList<>(shards.length);
        for (int i = 0; i < shards.length; i++) {
            sampled[shards[i]] = await(lengths.get(i));
            groups.add(sampled[shards[i]] == 0 ? null : redis.xinfoGroups(keys.stream(shards[i])));
        }
        for (int i = 0; i < shards.length; i++) {
            if (groups.get(i) != null) {
                sampled[shards[i]] = unrecorded(await(groups.get(i)), sampled[shards[i]]);
            }
        }
        return sampled;
    }

    /** Pending plus lag of the persister group when Redis tells the lag; the stream's length otherwise. */
    static long unrecorded(List<Object> groups, long length) {
        for (Object raw : groups) {
            List<?> fields = (List<?>) raw;
            Object name = null;
            Object pending = null;
            Object lag = null;
            for (int i = 0; i + 1 < fields.size(); i += 2) {
                switch (String.valueOf(fields.get(i))) {
                    case "name" -> name = fields.get(i + 1);
                    case "pending" -> pending = fields.get(i + 1);
                    case "lag" -> lag = fields.get(i + 1);
                    default -> {
                        // other fields: not needed
                    }
                }
            }
            if (ShardStream.GROUP.equals(name) && pending instanceof Number p && lag instanceof Number l) {
                return p.longValue() + l.longValue();
            }
        }
        return length;
    }

    private static <T> T await(RedisFuture<T> future)
            throws ExecutionException, InterruptedException, TimeoutException {
        return future.get(SAMPLE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static boolean anyOver(boolean[] flags) {
        for (boolean flag : flags) {
            if (flag) {
                return true;
            }
        }
        return false;
    }
}
