package io.hongbao.bench.start;

import io.hongbao.bench.http.report.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Per target and figure ({@link Figure}): the median, the range and every round's value; with a baseline, also the
 * candidate ÷ baseline ratio of the medians.
 *
 * @param figures target → figure id → its statistics
 * @param candidateOverBaseline figure id → the candidate's median ÷ the baseline's (empty without a baseline)
 */
public record StartSummary(Map<String, Map<String, FigureStats>> figures, Map<String, Double> candidateOverBaseline) {

    /**
     * @param values every round's value, in round order; null where the start failed
     * @param n how many rounds gave a value
     */
    public record FigureStats(double median, double min, double max, int n, List<Double> values) {}

    /** @param targets the candidate first, then the baseline if any */
    static StartSummary of(List<String> targets, int rounds, List<StartRun> runs) {
        Map<String, Map<String, FigureStats>> figures = new LinkedHashMap<>();
        for (String target : targets) {
            Map<String, FigureStats> ofTarget = new LinkedHashMap<>();
            for (Figure figure : Figure.values()) {
                ofTarget.put(figure.id, stats(values(runs, target, rounds, figure)));
            }
            figures.put(target, ofTarget);
        }
        Map<String, Double> ratios = new LinkedHashMap<>();
        if (targets.size() == 2) {
            for (Figure figure : Figure.values()) {
                double candidate = figures.get(targets.get(0)).get(figure.id).median();
                double baseline = figures.get(targets.get(1)).get(figure.id).median();
                ratios.put(figure.id, ratio(candidate, baseline));
            }
        }
        return new StartSummary(figures, ratios);
    }

    static double ratio(double candidate, double baseline) {
        return baseline == 0 || Double.isNaN(baseline) ? Double.NaN : candidate / baseline;
    }

    private static List<Double> values(List<StartRun> runs, String target, int rounds, Figure figure) {
        List<Double> values = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            int r = round;
            double value = runs.stream()
                    .filter(run -> run.target().equals(target) && run.round() == r && run.kind() == figure.kind)
                    .mapToDouble(figure::of)
                    .findFirst()
                    .orElse(Double.NaN);
            values.add(Double.isNaN(value) ? null : value);
        }
        return values;
    }

    private static FigureStats stats(List<Double> values) {
        Stats stats = Stats.of(values.stream().filter(Objects::nonNull).toList());
        return new FigureStats(stats.median(), stats.min(), stats.max(), stats.n(), values);
    }
}
