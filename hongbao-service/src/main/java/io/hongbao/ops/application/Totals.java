package io.hongbao.ops.application;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The deployment's figures from its instances': rates add up; latency percentiles do not, so p99 is the worst
 * instance's p99 (an upper bound of the deployment's) and p50 the instances' p50s weighted by their grabs per second
 * (an approximation; the exact one needs the buckets, which Grafana has).
 */
public final class Totals {

    private Totals() {}

    public static Figures of(List<Figures> instances) {
        double grabs = 0;
        double draws = 0;
        Map<String, Double> outcomes = new HashMap<>(IntervalFigures.idle().outcomesPerSecond());
        Map<String, Double> campaignOutcomes = new HashMap<>();
        Map<String, Double> campaignRefusals = new HashMap<>();
        Double worstP99 = null;
        double weightedP50 = 0;
        double weights = 0;
        for (Figures figures : instances) {
            grabs += figures.grabsPerSecond();
            draws += figures.drawsPerSecond();
            figures.outcomesPerSecond().forEach((outcome, rate) -> outcomes.merge(outcome, rate, Double::sum));
            figures.campaignOutcomesPerSecond()
                    .forEach((outcome, rate) -> campaignOutcomes.merge(outcome, rate, Double::sum));
            figures.campaignRefusalsPerSecond()
                    .forEach((reason, rate) -> campaignRefusals.merge(reason, rate, Double::sum));
            Latency latency = figures.grabLatencyMillis();
            if (latency.p99() != null && (worstP99 == null || latency.p99() > worstP99)) {
                worstP99 = latency.p99();
            }
            if (latency.p50() != null && figures.grabsPerSecond() > 0) {
                weightedP50 += latency.p50() * figures.grabsPerSecond();
                weights += figures.grabsPerSecond();
            }
        }
        Latency latency = new Latency(weights > 0 ? weightedP50 / weights : null, worstP99);
        return new Figures(grabs, draws, outcomes, latency, campaignOutcomes, campaignRefusals);
    }
}
