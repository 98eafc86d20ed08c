package io.hongbao.bench.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The table of every run, and each contender's ratio to seed-baseline as median and range over runs. */
final class EngineReport {

    static final String BASELINE = "seed-baseline";

    private final List<EngineResult> results;

    EngineReport(List<EngineResult> results) {
        this.results = List.copyOf(results);
    }

    String table() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                "%n%-4s %-24s %12s %8s %8s %9s %10s %9s %8s %6s %7s %10s%n",
                "run",
                "contender",
                "grabs/s",
                "p50 us",
                "p99 us",
                "p99.9 us",
                "granted",
                "already",
                "soldOut",
                "errors",
                "batch",
                "redis us/g"));
        for (EngineResult r : results) {
            out.append(String.format(
                    "%-4d %-24s %,12.0f %8d %8d %9d %,10d %,9d %,8d %6d %7.1f %10.2f%n",
                    r.run(),
                    r.contender(),
                    r.grabsPerSecond(),
                    r.p50Micros(),
                    r.p99Micros(),
                    r.p999Micros(),
                    r.granted(),
                    r.alreadyGrabbed(),
                    r.soldOut(),
                    r.errors(),
                    r.meanBatchSize(),
                    r.redisCpuMicrosPerGrab()));
        }
        return out.toString();
    }

    String ratios() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, List<Double>> entry : ratiosToBaseline().entrySet()) {
            List<Double> ratios = entry.getValue();
            out.append(String.format(
                    "%s / %s: median %.2fx (range %.2fx - %.2fx over %d runs)%n",
                    entry.getKey(),
                    BASELINE,
                    median(ratios),
                    ratios.get(0),
                    ratios.get(ratios.size() - 1),
                    ratios.size()));
        }
        return out.toString();
    }

    /** Per contender, its grabs/s divided by the baseline's of the same run, sorted ascending. */
    Map<String, List<Double>> ratiosToBaseline() {
        Map<String, List<Double>> ratios = new TreeMap<>();
        for (EngineResult r : results) {
            if (r.contender().equals(BASELINE)) {
                continue;
            }
            baselineOf(r.run())
                    .ifPresent(base -> ratios.computeIfAbsent(r.contender(), k -> new ArrayList<>())
                            .add(r.grabsPerSecond() / base));
        }
        ratios.values().forEach(list -> list.sort(Double::compare));
        return ratios;
    }

    private java.util.Optional<Double> baselineOf(int run) {
        return results.stream()
                .filter(r -> r.run() == run && r.contender().equals(BASELINE))
                .map(EngineResult::grabsPerSecond)
                .filter(perSecond -> perSecond > 0)
                .findFirst();
    }

    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
