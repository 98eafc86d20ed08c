package io.hongbao.ops.application;

import java.util.Map;

/**
 * What happened over one interval, per second: grab answers (all outcomes), draws, grab answers by outcome (every
 * outcome present, 0 when none), the grab latency percentiles, and the campaign grabs' answers by outcome and their
 * refusals at the lossy edge by reason (ADR 0103).
 */
public record Figures(
        double grabsPerSecond,
        double drawsPerSecond,
        Map<String, Double> outcomesPerSecond,
        Latency grabLatencyMillis,
        Map<String, Double> campaignOutcomesPerSecond,
        Map<String, Double> campaignRefusalsPerSecond) {

    public Figures {
        outcomesPerSecond = Map.copyOf(outcomesPerSecond);
        // Absent in what an instance of an older build published: none.
        campaignOutcomesPerSecond =
                campaignOutcomesPerSecond == null ? Map.of() : Map.copyOf(campaignOutcomesPerSecond);
        campaignRefusalsPerSecond =
                campaignRefusalsPerSecond == null ? Map.of() : Map.copyOf(campaignRefusalsPerSecond);
    }

    /** Figures without campaign grabs. */
    public Figures(
            double grabsPerSecond, double drawsPerSecond, Map<String, Double> outcomesPerSecond, Latency latency) {
        this(grabsPerSecond, drawsPerSecond, outcomesPerSecond, latency, Map.of(), Map.of());
    }
}
