package io.hongbao.ops.application;

/**
 * Grab latency percentiles over an interval, in milliseconds; both {@code null} when no grab was answered in it (an
 * idle instance has no latency, and 0 would read as a fast one).
 */
public record Latency(Double p50, Double p99) {

    public static final Latency NONE = new Latency(null, null);
}
