package io.hongbao.platform.ratelimit;

import io.github.bucket4j.BucketConfiguration;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One named limit, ready to use on the hot path: its Bucket4j configuration (built once, shared by every key), the
 * prefix of its Redis keys, this instance's {@link LocalAllowance} and its pre-registered counter of refused calls.
 */
final class Bucket {

    private final String name;
    private final String keyPrefix;
    private final Supplier<CompletableFuture<BucketConfiguration>> configuration;
    private final Counter limited;
    private final LocalAllowance allowance;

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
        this.allowance = new LocalAllowance(fillTime(limit));
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

    /** True when this instance lets the subject's call through without asking the shared bucket (ADR 0081). */
    boolean passesLocally(String subject) {
        return allowance.take(subject);
    }

    /** How long the bucket takes to fill from empty: {@code burst ÷ per-second}. */
    static Duration fillTime(RateLimitSettings.Limit limit) {
        return Duration.ofNanos(Math.max(1, limit.burst() * 1_000_000_000L / limit.perSecond()));
    }

    void countLimited() {
        limited.increment();
    }
}
