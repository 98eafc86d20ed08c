package io.hongbao.ops.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PublishingFiguresTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final double[] BOUNDS = {1, 10};

    private final InMemoryInstanceBoard board = new InMemoryInstanceBoard();
    private final AtomicLong grabs = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();

    private final PublishingFigures publishing = new PublishingFigures(
            board,
            () -> new MeterReading(
                    nanos.get(), Map.of("GRABBED", grabs.get()), 0, BOUNDS, new long[] {grabs.get(), grabs.get()}),
            Clock.fixed(NOW, ZoneOffset.UTC),
            Duration.ofMinutes(1),
            "host:1:abcd",
            "host");

    @Test
    void eachIntervalPublishesTheRatesSinceThePreviousOne() {
        grabs.set(30);
        nanos.set(2_000_000_000L);

        InstanceFigures published = publishing.publishOnce();

        assertThat(published.figures().grabsPerSecond()).isEqualTo(15.0);
        assertThat(published.lastSeenAt()).isEqualTo(NOW);
        assertThat(board.entries).containsOnlyKeys("host:1:abcd");

        nanos.set(3_000_000_000L);
        assertThat(publishing.publishOnce().figures().grabsPerSecond()).isZero();
    }

    @Test
    void anInstanceSilentLongerThanForgetAfterIsTakenOffTheBoardAndAQuieterOneIsKept() {
        board.publish(new InstanceFigures("old", "h", NOW, NOW.minusSeconds(61), IntervalFigures.idle()));
        board.publish(new InstanceFigures("quiet", "h", NOW, NOW.minusSeconds(30), IntervalFigures.idle()));
        nanos.set(1_000_000_000L);

        publishing.publishOnce();

        assertThat(board.entries).containsOnlyKeys("host:1:abcd", "quiet");
    }
}
