package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.HongbaoTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Everything one {@code bench http} invocation measured, and the figures derived from it: per target the median and
 * range over runs, and the Hongbao/peer throughput ratio, taken run by run (run i of each target ran back to back, so
 * each ratio compares the two under the same machine load) and then summarised. {@code draws} summarises the draw
 * phases, per target that had them ({@code --draws}); {@code events} compares the service publishing its money events
 * with the one without ({@code --also-events}), null without such runs.
 */
public record Report(
        String startedAt,
        Map<String, Object> settings,
        String latencyMethod,
        List<TargetRun> runs,
        Map<String, TargetSummary> summaries,
        Stats throughputRatio,
        List<Double> ratios,
        Map<String, DrawSummary> draws,
        EventsComparison events) {

    /** The cold-start window: throughput over the first 10 s after UP. */
    static final int COLD_START_SECONDS = 10;

    public static Report of(
            String startedAt, Map<String, Object> settings, String latencyMethod, List<TargetRun> runs) {
        Map<String, TargetSummary> summaries = new LinkedHashMap<>();
        for (String target : targets(runs)) {
            summaries.put(target, summarise(target, only(runs, target)));
        }
        List<Double> ratios = ratios(runs, "hongbao", "peer");
        Map<String, DrawSummary> draws = new LinkedHashMap<>();
        for (String target : targets(runs)) {
            DrawSummary summary = DrawSummary.of(target, only(runs, target));
            if (summary != null) {
                draws.put(target, summary);
            }
            DrawSummary keyed = DrawSummary.of(keyedLabel(target), only(runs, target), TargetRun::keyedDraws);
            if (keyed != null) {
                draws.put(keyed.target(), keyed);
            }
        }
        EventsComparison events = EventsComparison.of(runs, HongbaoTarget.EVENTS_TARGET, "hongbao");
        return new Report(startedAt, settings, latencyMethod, runs, summaries, Stats.of(ratios), ratios, draws, events);
    }

    static List<Double> ratios(List<TargetRun> runs, String numerator, String denominator) {
        return ratios(runs, numerator, denominator, r -> r.measurement().requestsPerSecond());
    }

    /** {@code figure} of {@code numerator}'s run divided by that of {@code denominator}'s run of the same number. */
    static List<Double> ratios(
            List<TargetRun> runs, String numerator, String denominator, ToDoubleFunction<TargetRun> figure) {
        List<Double> ratios = new ArrayList<>();
        for (TargetRun top : only(runs, numerator)) {
            for (TargetRun bottom : only(runs, denominator)) {
                double below = figure.applyAsDouble(bottom);
                double above = figure.applyAsDouble(top);
                if (bottom.run() == top.run() && below > 0 && !Double.isNaN(above)) {
                    ratios.add(above / below);
                }
            }
        }
        return ratios;
    }

    /**
     * CPU time MariaDB spent per GRABBED answer over the run's window, in µs: what a grant costs the system of record
     * (NaN when MariaDB was not measured or nothing was granted).
     */
    static double mariadbMicrosPerGrant(TargetRun run) {
        Measurement m = run.measurement();
        Double cores = m.cpu().processCores().get("mariadb");
        double grantsPerSecond = m.outcomes().getOrDefault(Outcome.GRABBED, 0L) / m.seconds();
        return cores == null || grantsPerSecond <= 0 ? Double.NaN : cores * 1e6 / grantsPerSecond;
    }

    /**
     * CPU time {@code process} ({@code target}, {@code redis}, {@code mariadb}, {@code bench}) spent per answered grab
     * over the run's window, in µs (NaN when that process was not measured).
     */
    static double microsPerGrab(TargetRun run, String process) {
        Measurement m = run.measurement();
        Double cores = m.cpu().processCores().get(process);
        double answersPerSecond = m.requestsPerSecond();
        return cores == null || answersPerSecond <= 0 ? Double.NaN : cores * 1e6 / answersPerSecond;
    }

    /** {@link #mariadbMicrosPerGrant} of each of {@code target}'s runs. */
    static Stats mariadbMicrosPerGrant(List<TargetRun> runs, String target) {
        return stats(only(runs, target), Report::mariadbMicrosPerGrant);
    }

    static TargetSummary summarise(String target, List<TargetRun> runs) {
        long errors = runs.stream().mapToLong(r -> r.measurement().errors()).sum();
        boolean audits = runs.stream()
                .allMatch(r -> r.persistence() == null || r.persistence().auditOk());
        List<TargetRun> persisted =
                runs.stream().filter(r -> r.persistence() != null).toList();
        List<TargetRun> counted = runs.stream().filter(r -> r.service() != null).toList();
        return new TargetSummary(
                target,
                runs.size(),
                stats(runs, r -> r.measurement().requestsPerSecond()),
                stats(runs, r -> r.measurement().latency().p50()),
                stats(runs, r -> r.measurement().latency().p99()),
                stats(runs, r -> r.measurement().latency().p999()),
                stats(runs, r -> r.measurement().latency().max()),
                stats(runs, r -> r.measurement().cpu().targetMicrosPerRequest()),
                stats(persisted, r -> r.persistence().drainSeconds()),
                errors,
                audits,
                coldStart(runs),
                stats(counted, r -> r.service().tokenCacheHitRate()),
                stats(counted, r -> r.service().meanCoalescedBatch()));
    }

    private static double coldStart(List<TargetRun> runs) {
        List<Long> perSecond = runs.stream()
                .filter(r -> r.run() == 1)
                .findFirst()
                .map(r -> r.measurement().answersPerSecond())
                .orElse(List.of());
        if (perSecond.size() < COLD_START_SECONDS) {
            return Double.NaN;
        }
        return perSecond.subList(0, COLD_START_SECONDS).stream()
                        .mapToLong(Long::longValue)
                        .sum()
                / (double) COLD_START_SECONDS;
    }

    /** A figure's median and range over the runs that have it (NaN: not read). */
    static Stats stats(List<TargetRun> runs, ToDoubleFunction<TargetRun> figure) {
        return Stats.of(runs.stream()
                .mapToDouble(figure)
                .filter(value -> !Double.isNaN(value))
                .boxed()
                .toList());
    }

    /** The runs of {@code target}. */
    static List<TargetRun> only(List<TargetRun> runs, String target) {
        return runs.stream().filter(r -> r.target().equals(target)).toList();
    }

    static List<String> targets(List<TargetRun> runs) {
        return runs.stream().map(TargetRun::target).distinct().toList();
    }

    /** How the keyed draw phases of {@code target} are named in the draw tables ({@code --also-keyed-draws}). */
    static String keyedLabel(String target) {
        return target + " keyed";
    }
}
