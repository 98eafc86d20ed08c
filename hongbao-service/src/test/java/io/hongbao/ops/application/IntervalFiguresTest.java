package io.hongbao.ops.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IntervalFiguresTest {

    private static final long SECOND = 1_000_000_000L;
    private static final double[] BOUNDS = {1, 2, 5, 10};

    @Test
    void ratesAreTheCountsGrowthOverTheTimeBetweenTheReadings() {
        MeterReading before = new MeterReading(
                0, Map.of("GRABBED", 100L, "SOLD_OUT", 10L), 7, BOUNDS, new long[] {50, 100, 110, 110});
        MeterReading after = new MeterReading(
                2 * SECOND, Map.of("GRABBED", 140L, "SOLD_OUT", 30L, "FAILED", 2L), 17, BOUNDS, new long[] {
                    50, 100, 172, 172
                });

        Figures figures = IntervalFigures.between(before, after);

        assertThat(figures.grabsPerSecond()).isCloseTo(31.0, within(1e-9));
        assertThat(figures.drawsPerSecond()).isCloseTo(5.0, within(1e-9));
        assertThat(figures.outcomesPerSecond())
                .containsEntry("GRABBED", 20.0)
                .containsEntry("SOLD_OUT", 10.0)
                .containsEntry("FAILED", 1.0)
                .containsEntry("EXPIRED", 0.0)
                .containsOnlyKeys(IntervalFigures.OUTCOMES);
        double sum = figures.outcomesPerSecond().values().stream()
                .mapToDouble(Double::doubleValue)
                .sum();
        assertThat(sum).isCloseTo(figures.grabsPerSecond(), within(1e-9));
    }

    @Test
    void latencyCountsOnlyTheGrabsAnsweredInTheIntervalNotTheSlowOnesBefore() {
        // Before: 100 grabs, all slow (5-10 ms). In the interval: 100 grabs, all within 1 ms.
        MeterReading before = new MeterReading(0, Map.of("GRABBED", 100L), 0, BOUNDS, new long[] {0, 0, 0, 100});
        MeterReading after =
                new MeterReading(SECOND, Map.of("GRABBED", 200L), 0, BOUNDS, new long[] {100, 100, 100, 200});

        Latency latency = IntervalFigures.between(before, after).grabLatencyMillis();

        assertThat(latency.p50()).isCloseTo(0.5, within(1e-9));
        assertThat(latency.p99()).isCloseTo(0.99, within(1e-9));
    }

    @Test
    void anIdleIntervalHasZeroRatesAndNoLatency() {
        MeterReading reading = new MeterReading(0, Map.of("GRABBED", 5L), 3, BOUNDS, new long[] {5, 5, 5, 5});
        MeterReading same = new MeterReading(SECOND, Map.of("GRABBED", 5L), 3, BOUNDS, new long[] {5, 5, 5, 5});

        Figures figures = IntervalFigures.between(reading, same);

        assertThat(figures.grabsPerSecond()).isZero();
        assertThat(figures.drawsPerSecond()).isZero();
        assertThat(figures.grabLatencyMillis()).isEqualTo(Latency.NONE);
    }

    @Test
    void aCountThatShrankWasResetAndCountsFromZero() {
        MeterReading before = new MeterReading(0, Map.of("GRABBED", 1000L), 50, BOUNDS, new long[] {0, 0, 0, 1000});
        MeterReading after = new MeterReading(SECOND, Map.of("GRABBED", 4L), 2, BOUNDS, new long[] {4, 4, 4, 4});

        Figures figures = IntervalFigures.between(before, after);

        assertThat(figures.grabsPerSecond()).isEqualTo(4.0);
        assertThat(figures.drawsPerSecond()).isEqualTo(2.0);
        assertThat(figures.grabLatencyMillis().p99()).isLessThanOrEqualTo(1.0);
    }

    @Test
    void theFirstIntervalIsMeasuredFromNothing() {
        MeterReading after = new MeterReading(SECOND, Map.of("GRABBED", 10L), 0, BOUNDS, new long[] {10, 10, 10, 10});

        Figures figures = IntervalFigures.between(MeterReading.nothingAt(0), after);

        assertThat(figures.grabsPerSecond()).isEqualTo(10.0);
        assertThat(figures.grabLatencyMillis().p50()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void campaignGrabsAndTheirRefusalsAreRatesByOutcomeAndReasonBesideThePacketGrabs() {
        MeterReading before =
                new MeterReading(0, Map.of(), 0, BOUNDS, new long[4], Map.of("GRABBED", 10L), Map.of("rate", 100L));
        MeterReading after = new MeterReading(
                2 * SECOND,
                Map.of(),
                0,
                BOUNDS,
                new long[4],
                Map.of("GRABBED", 30L, "TRY_AGAIN", 400L),
                Map.of("rate", 480L, "busy", 20L));

        Figures figures = IntervalFigures.between(before, after);

        assertThat(figures.campaignOutcomesPerSecond())
                .containsExactlyInAnyOrderEntriesOf(Map.of("GRABBED", 10.0, "TRY_AGAIN", 200.0));
        assertThat(figures.campaignRefusalsPerSecond())
                .containsExactlyInAnyOrderEntriesOf(Map.of("rate", 190.0, "busy", 10.0));
        assertThat(figures.grabsPerSecond()).as("packet grabs only").isZero();
        assertThat(Totals.of(List.of(figures, figures)).campaignRefusalsPerSecond())
                .containsEntry("rate", 380.0);
    }
}
