package io.hongbao.ops.application;

/**
 * A quantile of values counted in histogram buckets, as Prometheus' {@code histogram_quantile} estimates it: find the
 * bucket that holds the rank, and interpolate linearly within it (from the previous bound, 0 for the first). A rank
 * past the last bound answers the last bound, since nothing tells how far past it the values lie. So the page and
 * Grafana agree on what p99 means.
 */
public final class BucketQuantile {

    private BucketQuantile() {}

    /**
     * @param bounds the buckets' upper bounds, increasing
     * @param cumulative {@code cumulative[i]} values at or below {@code bounds[i]}, non-decreasing
     * @param total every value counted, those above the last bound too
     * @param q the quantile, in [0, 1]
     * @return the estimate, or {@code null} when nothing was counted
     */
    public static Double of(double[] bounds, long[] cumulative, long total, double q) {
        if (q < 0 || q > 1) {
            throw new IllegalArgumentException("a quantile is within [0, 1]: " + q);
        }
        if (total <= 0) {
            return null;
        }
        double rank = q * total;
        long below = 0;
        for (int i = 0; i < bounds.length; i++) {
            if (cumulative[i] >= rank && cumulative[i] > below) {
                double lower = i == 0 ? 0 : bounds[i - 1];
                return lower + (bounds[i] - lower) * (rank - below) / (cumulative[i] - below);
            }
            below = cumulative[i];
        }
        return bounds.length == 0 ? null : bounds[bounds.length - 1];
    }
}
