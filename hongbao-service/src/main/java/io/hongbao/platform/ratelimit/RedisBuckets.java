package io.hongbao.platform.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.AsyncBucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.AsyncProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.hongbao.platform.redis.RedisConnections;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Token buckets in Redis through Bucket4j's Lettuce integration, so that every instance counts against the same
 * bucket (ADR 0063).
 *
 * <p>Why the asynchronous proxy: the limiter sits in front of the grab, on a Netty event loop. Bucket4j's blocking
 * API would park that loop for two Redis round trips (a {@code GET} of the bucket, then a compare-and-swap script);
 * the asynchronous one sends both on Lettuce's pipelined connection and continues when Redis answers, so the loop
 * serves other requests meanwhile. The continuation (and the rest of the request) then runs on a Lettuce I/O thread,
 * as a grab's answer already does.
 *
 * <p>Why a proxy per key is kept for a few seconds: Bucket4j's batching optimization lives in the proxy and merges
 * the calls that arrive for one bucket while its previous Redis exchange is in flight into one compare-and-swap.
 * Without it, a script firing many concurrent calls as one user makes every compare-and-swap but one fail and retry,
 * a Redis load that grows with the square of its concurrency.
 *
 * <p>Fail open: when Redis is away (Lettuce rejects commands at once while disconnected) or does not answer in time
 * (the caller's timeout), the call passes, is counted ({@code hongbao.rate.limit.failures}) and logged at most once
 * per 10 s. The limits protect capacity; with Redis away grabs and draws fail with 503 anyway, and refusing everything
 * else too would turn a Redis outage into a total one.
 *
 * <p>Its own connection: the bucket states are binary values, and their traffic stays off the connection the grab
 * lanes pipeline on. Keys are {@code rl:<limit>:<subject>}, each living until its bucket is full again plus a second,
 * so Redis holds one small key per caller active in the last seconds.
 */
final class RedisBuckets implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisBuckets.class);
    private static final RedisCodec<String, byte[]> CODEC = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
    private static final Duration KEEP_AFTER_REFILL = Duration.ofSeconds(1);
    private static final long LOG_EVERY_NANOS = Duration.ofSeconds(10).toNanos();

    private final StatefulConnection<String, byte[]> connection;
    private final AsyncProxyManager<String> buckets;
    private final Cache<String, AsyncBucketProxy> proxies;
    private final Counter failures;
    private final AtomicLong lastLoggedNanos = new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS);

    RedisBuckets(RedisConnections redis, MeterRegistry registry) {
        // Bucket4j takes Lettuce's own connection types, one builder per mode; on a cluster each bucket's key routes to
        // its slot's primary (a bucket is one key, so its compare-and-swap script never crosses slots).
        Opened opened = redis.withClient(
                client -> {
                    StatefulRedisConnection<String, byte[]> standalone = client.connect(CODEC);
                    return new Opened(standalone, Bucket4jLettuce.casBasedBuilder(standalone));
                },
                client -> {
                    StatefulRedisClusterConnection<String, byte[]> cluster = client.connect(CODEC);
                    return new Opened(cluster, Bucket4jLettuce.casBasedBuilder(cluster));
                });
        this.connection = opened.connection();
        this.buckets = opened.builder()
                .expirationAfterWrite(
                        ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(KEEP_AFTER_REFILL))
                .build()
                .asAsync();
        this.proxies = Caffeine.newBuilder()
                .maximumSize(100_000)
                .expireAfterAccess(Duration.ofSeconds(10))
                .build();
        this.failures = Counter.builder("hongbao.rate.limit.failures")
                .description("calls let through because Redis could not be asked (fail open)")
                .register(registry);
    }

    /**
     * Takes one token of {@code bucket} for {@code subject}. A Redis failure answers {@link #passUnchecked}; a Redis
     * that does not answer is the caller's to time out.
     */
    CompletableFuture<Verdict> take(Bucket bucket, String subject) {
        String key = bucket.key(subject);
        CompletableFuture<ConsumptionProbe> probe;
        try {
            probe = proxies.get(
                            key,
                            k -> buckets.builder()
                                    .withOptimization(Optimizations.batching())
                                    .build(k, bucket.configuration()))
                    .tryConsumeAndReturnRemaining(1);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(passUnchecked(bucket, e));
        }
        return probe.handle((taken, failure) -> {
            if (failure != null) {
                return passUnchecked(bucket, failure);
            }
            if (taken.isConsumed()) {
                return Verdict.ALLOWED;
            }
            bucket.countLimited();
            return Verdict.limited(taken.getNanosToWaitForRefill());
        });
    }

    /** Fail open: the call passes, counted and logged (at most once per 10 s). */
    Verdict passUnchecked(Bucket bucket, Throwable failure) {
        failures.increment();
        long now = System.nanoTime();
        long last = lastLoggedNanos.get();
        if (now - last >= LOG_EVERY_NANOS && lastLoggedNanos.compareAndSet(last, now)) {
            log.warn(
                    "rate limit '{}' not checked, the call passes (fail open; counted in hongbao.rate.limit.failures):"
                            + " {}",
                    bucket.name(),
                    failure.toString());
        }
        return Verdict.ALLOWED;
    }

    private record Opened(
            StatefulConnection<String, byte[]> connection,
            Bucket4jLettuce.LettuceBasedProxyManagerBuilder<String> builder) {}

    @Override
    public void close() {
        connection.close();
    }
}
