package io.hongbao.redpacket.infrastructure.persister;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One shard's dead-letter metrics: {@code hongbao.persister.dead.letters} counts the entries this instance moved to
 * the dead-letter stream; {@code hongbao.persister.dead.letters.waiting} is how many wait there now (moved by any
 * instance, read by a persister worker at each full trim round and after each move, so no scrape waits on Redis).
 */
final class DeadLetterMeters {

    private final Counter moved;
    private final AtomicLong waiting;

    private DeadLetterMeters(Counter moved, AtomicLong waiting) {
        this.moved = moved;
        this.waiting = waiting;
    }

    static DeadLetterMeters register(MeterRegistry registry, int shard) {
        String tag = Integer.toString(shard);
        Counter moved = Counter.builder("hongbao.persister.dead.letters")
                .description("stream entries the persister could not write, moved to the dead-letter stream")
                .tag("shard", tag)
                .register(registry);
        AtomicLong waiting = new AtomicLong();
        Gauge.builder("hongbao.persister.dead.letters.waiting", waiting, AtomicLong::get)
                .description("entries waiting in the shard's dead-letter stream for an operator")
                .tag("shard", tag)
                .strongReference(true)
                .register(registry);
        return new DeadLetterMeters(moved, waiting);
    }

    void moved() {
        moved.increment();
    }

    void waiting(long count) {
        waiting.set(count);
    }
}
