package io.hongbao.bench.http.report;

import java.util.Arrays;
import java.util.List;

/** Median and range of a few runs' figures. */
public record Stats(double median, double min, double max, int n) {

    public static Stats of(List<Double> values) {
        if (values.isEmpty()) {
            return new Stats(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Stats(median, sorted[0], sorted[n - 1], n);
    }
}
