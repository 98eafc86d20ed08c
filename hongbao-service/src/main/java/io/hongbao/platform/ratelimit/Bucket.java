package io.hongbao.platform.ratelimit;

import io.github.bucket4j.BucketConfiguration;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One named limit, ready to use on the hot path: its Bucket4j configuration (built once, shared by every key), the
 * prefix of its Redis keys and its pre-registered counter of refused calls.
 */
final class Bucket {

    private final String name;
    private final String keyPrefix;
    private final Supplier<CompletableFuture<BucketConfiguration>> configuration;
    private final Counter limited;

    Bucket(String name, RateLimitSettings.Limit limit, MeterRegistry registry) {
        this.name = name;
        this.keyPrefix = "rl:" + name + ":";
        // Greedy refill: tokens come back continuously (one every 1/perSecond s), not all at once each second.
        BucketConfiguration config = BucketConfiguration.builder()
                .addLimit(bandwidth ->
                        bandwidth.capacity(limit.burst()).refillGreedy(limit.perSecond(), Duration.ofSeconds(1)))
                .build();
        CompletableFuture<BucketConfiguration> ready = CompletableFuture.completedFuture(config);
        this.configuration = () -> ready;
        this.limited = Counter.builder("hongbao.rate.limited")
                .description("calls refused with 429 RATE_LIMITED, by limit")
                .tag("limit", name)
                .register(registry);
    }

    String name() {
        return name;
    }

    /** The Redis key of this limit's bucket for one subject (a user id or a client address). */
    String key(String subject) {
        return keyPrefix + subject;
    }

    Supplier<CompletableFuture<BucketConfiguration>> configuration() {
        return configuration;
    }

    void countLimited() {
        limited.increment();
    }
}
