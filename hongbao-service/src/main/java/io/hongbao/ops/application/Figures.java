package io.hongbao.ops.application;

import java.util.Map;

/**
 * What happened over one interval, per second: grab answers (all outcomes), draws, grab answers by outcome (every
 * outcome present, 0 when none), and the grab latency percentiles.
 */
public record Figures(
        double grabsPerSecond,
        double drawsPerSecond,
        Map<String, Double> outcomesPerSecond,
        Latency grabLatencyMillis) {

    public Figures {
        outcomesPerSecond = Map.copyOf(outcomesPerSecond);
    }
}
