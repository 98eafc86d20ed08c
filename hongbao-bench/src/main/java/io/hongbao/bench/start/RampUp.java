package io.hongbao.bench.start;

import io.hongbao.bench.http.report.Stats;
import java.util.List;

/**
 * How fast a service served right after it was ready, against how fast it served once warm: from the answers per
 * second of a load started the moment it was ready.
 *
 * @param firstSeconds answers per second over the first {@link #FIRST} seconds
 * @param steady the median of the per-second rates over the last third of the load
 * @param ratio first ÷ steady (the target is ≥ 0.8)
 */
public record RampUp(double firstSeconds, double steady, double ratio) {

    static final int FIRST = 10;

    /** @param perSecond answers in each whole second since the load started */
    public static RampUp of(List<Long> perSecond) {
        if (perSecond.size() < FIRST) {
            return new RampUp(Double.NaN, Double.NaN, Double.NaN);
        }
        double first =
                perSecond.subList(0, FIRST).stream().mapToLong(Long::longValue).sum() / (double) FIRST;
        int third = Math.max(1, perSecond.size() / 3);
        double steady = Stats.of(perSecond.subList(perSecond.size() - third, perSecond.size()).stream()
                        .map(Long::doubleValue)
                        .toList())
                .median();
        return new RampUp(first, steady, steady > 0 ? first / steady : Double.NaN);
    }
}
