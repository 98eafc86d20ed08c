package io.hongbao.bench.soak;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Whether a figure (the RSS, the heap) grew over a steady run, two ways, both after the warm-up: the mean of the last
 * sixth of the run against the mean of the second sixth, and the slope of a least-squares line over the second half.
 * It grew when the last sixth is more than {@link #SIXTHS_LIMIT_PERCENT} % above the second, or the slope is more than
 * {@link #SLOPE_LIMIT_PERCENT} % of the second half's mean per 10 minutes.
 *
 * @param secondSixthMb mean over the samples in [D/6, 2D/6), D the run's duration
 * @param lastSixthMb mean over the samples in [5D/6, D]
 * @param lastOverSecondPercent how much the last sixth is above the second, in %
 * @param slopeMbPer10Min the second half's least-squares slope
 * @param slopePercentPer10Min that slope as a share of the second half's mean, in %
 * @param verdict {@code no growth}, {@code growth}, or {@code too few samples} (a sixth or the half without samples)
 */
public record Growth(
        double secondSixthMb,
        double lastSixthMb,
        double lastOverSecondPercent,
        double slopeMbPer10Min,
        double slopePercentPer10Min,
        String verdict) {

    static final double SIXTHS_LIMIT_PERCENT = 5;
    static final double SLOPE_LIMIT_PERCENT = 2;
    static final String NO_GROWTH = "no growth";
    static final String GROWTH = "growth";
    static final String TOO_FEW = "too few samples";

    private static final double TEN_MINUTES = 600;

    /** @param durationSeconds the load's duration D; samples after it (the load's tail) are left out */
    static Growth of(List<SoakSample> samples, double durationSeconds, ToDoubleFunction<SoakSample> megabytes) {
        double sixth = durationSeconds / 6;
        List<double[]> points = samples.stream()
                .map(s -> new double[] {s.seconds(), megabytes.applyAsDouble(s)})
                .filter(p -> !Double.isNaN(p[1]) && p[0] <= durationSeconds)
                .toList();
        List<double[]> second =
                points.stream().filter(p -> p[0] >= sixth && p[0] < 2 * sixth).toList();
        List<double[]> last = points.stream().filter(p -> p[0] >= 5 * sixth).toList();
        List<double[]> half =
                points.stream().filter(p -> p[0] >= durationSeconds / 2).toList();
        if (second.isEmpty() || last.isEmpty() || half.size() < 2) {
            return new Growth(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, TOO_FEW);
        }
        double secondMean = mean(second);
        double lastMean = mean(last);
        double percent = (lastMean - secondMean) / secondMean * 100;
        double slope = slope(half) * TEN_MINUTES;
        double slopePercent = slope / mean(half) * 100;
        boolean grew = percent > SIXTHS_LIMIT_PERCENT || slopePercent > SLOPE_LIMIT_PERCENT;
        return new Growth(secondMean, lastMean, percent, slope, slopePercent, grew ? GROWTH : NO_GROWTH);
    }

    private static double mean(List<double[]> points) {
        return points.stream().mapToDouble(p -> p[1]).average().orElse(Double.NaN);
    }

    /** Least squares: Σ(t − t̄)(y − ȳ) ÷ Σ(t − t̄)², in MB per second. */
    static double slope(List<double[]> points) {
        double meanT = points.stream().mapToDouble(p -> p[0]).average().orElseThrow();
        double meanY = mean(points);
        double covariance = 0;
        double variance = 0;
        for (double[] p : points) {
            covariance += (p[0] - meanT) * (p[1] - meanY);
            variance += (p[0] - meanT) * (p[0] - meanT);
        }
        return variance == 0 ? 0 : covariance / variance;
    }
}
