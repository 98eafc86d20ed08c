package io.hongbao.bench.http.measure;

import org.HdrHistogram.Histogram;

/** Percentiles of one histogram, in milliseconds. */
public record LatencySummary(
        long count, double mean, double p50, double p90, double p99, double p999, double p9999, double max) {

    public static LatencySummary of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencySummary(
                micros.getTotalCount(),
                micros.getMean() / 1000.0,
                ms(micros, 50),
                ms(micros, 90),
                ms(micros, 99),
                ms(micros, 99.9),
                ms(micros, 99.99),
                micros.getMaxValue() / 1000.0);
    }

    private static double ms(Histogram micros, double percentile) {
        return micros.getValueAtPercentile(percentile) / 1000.0;
    }
}
