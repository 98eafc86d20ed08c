package io.hongbao.ops.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * A value read again at most once per {@code period}, however many callers ask: several dashboards polling every
 * second must not multiply what the service asks Redis (the persister's progress reads every shard's streams). A
 * failed read is not kept, so the next call tries again.
 */
final class Cached<T> {

    private final Supplier<T> read;
    private final Clock clock;
    private final Duration period;
    private T value;
    private Instant readAt;

    Cached(Supplier<T> read, Clock clock, Duration period) {
        this.read = read;
        this.clock = clock;
        this.period = period;
    }

    synchronized T get() {
        Instant now = clock.instant();
        if (readAt == null || !now.isBefore(readAt.plus(period))) {
            value = read.get();
            readAt = now;
        }
        return value;
    }
}
