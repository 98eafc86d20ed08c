package io.hongbao.ops.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TotalsTest {

    @Test
    void ratesAddUpAcrossInstances() {
        Figures totals = Totals.of(List.of(
                figures(100, 3, "GRABBED", new Latency(2.0, 10.0)), figures(50, 1, "SOLD_OUT", new Latency(4.0, 8.0))));

        assertThat(totals.grabsPerSecond()).isEqualTo(150.0);
        assertThat(totals.drawsPerSecond()).isEqualTo(4.0);
        assertThat(totals.outcomesPerSecond())
                .containsEntry("GRABBED", 100.0)
                .containsEntry("SOLD_OUT", 50.0)
                .containsEntry("FAILED", 0.0);
    }

    @Test
    void p99IsTheWorstInstancesAndP50TheInstancesWeightedByTheirGrabs() {
        Figures totals = Totals.of(List.of(
                figures(100, 0, "GRABBED", new Latency(2.0, 10.0)),
                figures(300, 0, "GRABBED", new Latency(4.0, 8.0)),
                figures(0, 0, "GRABBED", Latency.NONE)));

        assertThat(totals.grabLatencyMillis().p99()).isEqualTo(10.0);
        assertThat(totals.grabLatencyMillis().p50()).isCloseTo((2.0 * 100 + 4.0 * 300) / 400, within(1e-9));
    }

    @Test
    void noInstanceOrNoGrabHasZeroRatesAndNoLatency() {
        assertThat(Totals.of(List.of()).grabLatencyMillis()).isEqualTo(Latency.NONE);
        assertThat(Totals.of(List.of()).grabsPerSecond()).isZero();
    }

    private static Figures figures(double grabs, double draws, String outcome, Latency latency) {
        Map<String, Double> outcomes = new HashMap<>(IntervalFigures.idle().outcomesPerSecond());
        outcomes.put(outcome, grabs);
        return new Figures(grabs, draws, outcomes, latency);
    }
}
