package io.hongbao.platform.redis;

import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.platform.workers.PeriodicWorker;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How full Redis is, sampled off the request path ({@code INFO memory} every {@code sampleEvery}), so that new work is
 * refused before Redis refuses writes (ADR 0067). Redis with {@code noeviction} refuses a write that may grow memory
 * once its used memory passes {@code maxmemory}; what lies between the threshold here and {@code maxmemory} is kept for
 * the work that must not fail: refunds, draws whose points are spent, the persister's stream reads and trims.
 *
 * <p>Requests read one volatile field ({@link #nearlyFull()}). A sample that fails (Redis away) admits: requests then
 * meet Redis' own failure, and the scripts refuse atomically when Redis is over {@code maxmemory} anyway. A Redis
 * without {@code maxmemory} (an external one nobody limited) is never "nearly full": only the grabs' stream backlog
 * bounds it then ({@code RedisDurabilityCheck} warns at start).
 */
public final class RedisMemory extends PeriodicWorker {

    private static final Logger log = LoggerFactory.getLogger(RedisMemory.class);
    private static final Duration SAMPLE_TIMEOUT = Duration.ofSeconds(1);

    /** The refusal of new work while Redis is nearly full: 503, and nothing was changed. */
    private static final ApiException NEARLY_FULL = new ApiException(
            ErrorCode.UNAVAILABLE, "Redis is short of memory for new work; nothing was changed: retry later");

    private final RedisNodes nodes;
    private final int refuseAtPercent;
    private volatile Sample sample = Sample.UNKNOWN;
    /** Whether the last sample failed: written by the worker's thread, read by scrapes ({@code hongbao.redis.up}). */
    private volatile boolean failing;

    RedisMemory(RedisNodes nodes, int refuseAtPercent, Duration sampleEvery, MeterRegistry registry) {
        super("redis-memory", sampleEvery, true);
        this.nodes = nodes;
        this.refuseAtPercent = refuseAtPercent;
        Gauge.builder("hongbao.redis.memory.used", this, memory -> memory.sample.used())
                .description("memory Redis counts against maxmemory, as last sampled")
                .baseUnit("bytes")
                .register(registry);
        Gauge.builder("hongbao.redis.memory.max", this, memory -> memory.sample.max())
                .description("Redis' maxmemory (0: none set)")
                .baseUnit("bytes")
                .register(registry);
        // What alerting reads as "Redis down" (ops/prometheus): every primary answered the last sample, or not.
        Gauge.builder("hongbao.redis.up", this, memory -> memory.failing ? 0 : 1)
                .description("1 when every Redis primary answered the last memory sample, 0 when one did not")
                .register(registry);
        Gauge.builder("hongbao.redis.memory.nearly.full", this, memory -> memory.nearlyFull() ? 1 : 0)
                .description("1 while new grabs, sends and draws are refused for lack of Redis memory")
                .register(registry);
    }

    /** True while new work must be refused: used memory at or above the threshold share of maxmemory. */
    public boolean nearlyFull() {
        return sample.nearlyFull();
    }

    /** For work that would grow Redis (a send, a draw): refuses it, before anything changes, while Redis is full. */
    public void refuseNewWorkWhenNearlyFull() {
        if (nearlyFull()) {
            throw NEARLY_FULL;
        }
    }

    /** The last sample: what Redis counts against maxmemory, and maxmemory; zeros before the first. */
    public Sample lastSample() {
        return sample;
    }

    /**
     * True when {@code failure} is Redis refusing a write for lack of memory (a command, or a script at its first write
     * that may grow memory: then the script changed nothing before it).
     */
    public static boolean refusedForMemory(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("OOM command not allowed")) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected int runOnce() {
        Sample previous = sample;
        Sample sampled = sampleOrNull();
        // Admit while Redis cannot be asked; the gauges keep the last known figures.
        sample = sampled != null ? sampled : new Sample(previous.used(), previous.max(), false);
        if (sample.nearlyFull() != previous.nearlyFull()) {
            log.warn(
                    "Redis memory {} of maxmemory {} bytes: new grabs, sends and draws are {}",
                    sample.used(),
                    sample.max(),
                    sample.nearlyFull() ? "REFUSED" : "admitted again");
        }
        return 0;
    }

    /**
     * INFO memory now, or {@code null} when Redis did not answer (warned once, not every period). On a cluster every
     * primary is asked and the fullest decides: a packet's shard may live on any of them, so admission is as strict as
     * the fullest primary (one shared flag, no per-slot bookkeeping on the hot path).
     */
    private Sample sampleOrNull() {
        try {
            Sample fullest = null;
            for (RedisNodes.Node node : nodes.primaries()) {
                String info = node.connection()
                        .thenCompose(connection -> connection.async().info("memory"))
                        .toCompletableFuture()
                        .get(SAMPLE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                Sample sampled = Sample.of(info, refuseAtPercent);
                if (fullest == null || sampled.fullerThan(fullest)) {
                    fullest = sampled;
                }
            }
            if (fullest == null) {
                throw new IllegalStateException("no Redis primary known");
            }
            failing = false;
            return fullest;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            if (!failing) {
                log.warn("Cannot sample Redis' memory, admitting new work until it answers: {}", e.toString());
            }
            failing = true;
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * One reading of {@code INFO memory}.
     *
     * @param used what Redis compares with maxmemory: used memory without the buffers it does not count
     *     (mem_not_counted_for_evict: AOF and replica buffers)
     * @param max maxmemory, 0 when none is set
     */
    public record Sample(long used, long max, boolean nearlyFull) {

        static final Sample UNKNOWN = new Sample(0, 0, false);

        /** Nearer to refusing than {@code other}: refusing first, then the larger share of maxmemory used. */
        boolean fullerThan(Sample other) {
            if (nearlyFull != other.nearlyFull) {
                return nearlyFull;
            }
            return share() > other.share();
        }

        private double share() {
            return max == 0 ? 0 : used / (double) max;
        }

        private static final Pattern FIELD =
                Pattern.compile("(?m)^(used_memory|maxmemory|mem_not_counted_for_evict):(\\d+)");

        static Sample of(String info, int refuseAtPercent) {
            long used = 0;
            long max = 0;
            long notCounted = 0;
            Matcher field = FIELD.matcher(info);
            while (field.find()) {
                long value = Long.parseLong(field.group(2));
                switch (field.group(1)) {
                    case "used_memory" -> used = value;
                    case "maxmemory" -> max = value;
                    default -> notCounted = value;
                }
            }
            long counted = Math.max(0, used - notCounted);
            // counted >= max * percent / 100, without overflow for any maxmemory
            boolean nearlyFull = max > 0 && counted / (double) max * 100 >= refuseAtPercent;
            return new Sample(counted, max, nearlyFull);
        }
    }
}
