package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.CpuUsage;
import io.hongbao.bench.http.measure.LatencySummary;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.Persistence;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/** The report as the plain-text tables printed at the end of a run (also pasted into docs/performance.md). */
public final class TextReport {

    private TextReport() {}

    public static String render(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("Latency: ").append(report.latencyMethod()).append("\n\n");
        profile(report).ifPresent(line -> out.append(line).append("\n\n"));
        out.append(runsTable(report)).append('\n');
        out.append(summaryTable(report)).append('\n');
        if (report.throughputRatio().n() > 0) {
            Stats ratio = report.throughputRatio();
            out.append(format(
                    "Throughput ratio hongbao/peer: %.2fx median, range %.2f–%.2f over %d runs%n",
                    ratio.median(), ratio.min(), ratio.max(), ratio.n()));
        }
        if (!report.draws().isEmpty()) {
            out.append('\n').append(drawRunsTable(report)).append('\n');
            out.append(drawSummaryTable(report)).append('\n');
            for (DrawSummary draws : report.draws().values()) {
                Stats ratio = draws.drawsPerGrab();
                out.append(format(
                        "Draws/s ÷ grabs/s %s (same service, same run): %.2fx median, range %.2f–%.2f over %d runs%n",
                        draws.target(), ratio.median(), ratio.min(), ratio.max(), ratio.n()));
            }
            out.append(keyedOverUnkeyed(report));
        }
        Stats baseline = Stats.of(Report.ratios(report.runs(), "hongbao", HongbaoTarget.ANNOTATED_TARGET));
        if (baseline.n() > 0) {
            out.append(format(
                    "Throughput ratio hongbao/%s: %.2fx median, range %.2f–%.2f over %d runs%n",
                    HongbaoTarget.ANNOTATED_TARGET, baseline.median(), baseline.min(), baseline.max(), baseline.n()));
        }
        if (report.settings().get("alsoDbShards") instanceof Integer shards && shards > 0) {
            out.append(databaseShardsLine(report, HongbaoTarget.shardedTargetName(shards)));
        }
        if (!Report.only(report.runs(), HongbaoTarget.OTHER_BUILD_TARGET).isEmpty()) {
            out.append(sideBySideLine(report, "hongbao", HongbaoTarget.OTHER_BUILD_TARGET));
        }
        if (report.events() != null) {
            out.append('\n').append(EventsText.render(report.events()));
        }
        return out.toString();
    }

    /**
     * Two builds side by side: {@code build}'s throughput and CPU per grab of each process against {@code base}'s,
     * run by run (a ratio below 1 is less CPU than the base).
     */
    private static String sideBySideLine(Report report, String build, String base) {
        StringBuilder line = new StringBuilder(format(
                "%s ÷ %s, run by run: grabs/s %s", build, base, ratio(Report.ratios(report.runs(), build, base))));
        for (String process : List.of("target", "redis", "mariadb")) {
            ToDoubleFunction<TargetRun> perGrab = run -> Report.microsPerGrab(run, process);
            line.append(format(
                    "; %s CPU per grab %s (%s µs vs %s µs)",
                    process.equals("target") ? "service" : process,
                    ratio(Report.ratios(report.runs(), build, base, perGrab)),
                    micros(Report.stats(Report.only(report.runs(), build), perGrab)),
                    micros(Report.stats(Report.only(report.runs(), base), perGrab))));
        }
        return line.append(System.lineSeparator()).toString();
    }

    private static String ratio(List<Double> ratios) {
        Stats stats = Stats.of(ratios);
        return format("%.2fx (%.2f–%.2f, %d runs)", stats.median(), stats.min(), stats.max(), stats.n());
    }

    private static String micros(Stats stats) {
        return format("%.0f (%.0f–%.0f)", stats.median(), stats.min(), stats.max());
    }

    /** The cost of database shards (ADR 0083): the sharded target against hongbao on one database, run by run. */
    private static String databaseShardsLine(Report report, String sharded) {
        Stats throughput = Stats.of(Report.ratios(report.runs(), sharded, "hongbao"));
        Stats perGrant = Stats.of(Report.ratios(report.runs(), sharded, "hongbao", Report::mariadbMicrosPerGrant));
        Stats one = Report.mariadbMicrosPerGrant(report.runs(), "hongbao");
        Stats many = Report.mariadbMicrosPerGrant(report.runs(), sharded);
        return format(
                "MariaDB CPU per grant, %s vs hongbao (one database): %.0f µs (%.0f–%.0f) vs %.0f µs (%.0f–%.0f);"
                        + " ratio %.2fx median, range %.2f–%.2f over %d runs; throughput ratio %.2fx (%.2f–%.2f)%n",
                sharded,
                many.median(),
                many.min(),
                many.max(),
                one.median(),
                one.min(),
                one.max(),
                perGrant.median(),
                perGrant.min(),
                perGrant.max(),
                perGrant.n(),
                throughput.median(),
                throughput.min(),
                throughput.max());
    }

    static String runsTable(Report report) {
        StringBuilder out = new StringBuilder();
        out.append(
                "| target | run | req/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | raw p99 ms | errors | outcomes"
                        + " | CPU cores: target / redis / mariadb / bench / other (machine) | target µs/req | load1 | grabbed/s"
                        + " | persisted/s | drain s | audit | token cache hits | grabs per script call |\n");
        out.append(
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|---|---:|---:|\n");
        for (TargetRun run : report.runs()) {
            Measurement m = run.measurement();
            LatencySummary l = m.latency();
            CpuUsage cpu = m.cpu();
            out.append(format(
                    "| %s | %d | %,.0f | %.2f | %.2f | %.2f | %.2f | %.1f | %.2f | %d | %s | %s | %.0f | %.2f | %,.0f | %s | %s"
                            + " | %s | %s | %s |%n",
                    run.target(),
                    run.run(),
                    m.requestsPerSecond(),
                    l.p50(),
                    l.p90(),
                    l.p99(),
                    l.p999(),
                    l.max(),
                    m.rawLatency().p99(),
                    m.errors(),
                    outcomeMix(m.outcomes(), m.requests()),
                    cpuCores(cpu),
                    cpu.targetMicrosPerRequest(),
                    cpu.loadAverage1m(),
                    m.outcomes().getOrDefault(Outcome.GRABBED, 0L) / m.seconds(),
                    m.persistedPerSecond() < 0 ? "–" : format("%,.0f", m.persistedPerSecond()),
                    run.persistence() == null
                            ? "–"
                            : format("%.2f", run.persistence().drainSeconds()),
                    audit(run.persistence()),
                    run.service() == null ? "–" : percent(run.service().tokenCacheHitRate()),
                    run.service() == null ? "–" : number(run.service().meanCoalescedBatch(), "%.2f")));
        }
        return out.toString();
    }

    static String summaryTable(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("| target | runs | req/s median (range) | p50 ms | p99 ms | p99.9 ms | target µs/req | errors"
                + " | drain s | audit | first 10 s req/s (÷ median) | token cache hits % | grabs per script call |\n");
        out.append("|---|---:|---|---|---|---|---|---:|---|---|---|---|---|\n");
        for (TargetSummary s : report.summaries().values()) {
            out.append(format(
                    "| %s | %d | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s | %s |%n",
                    s.target(),
                    s.runs(),
                    range(s.requestsPerSecond(), "%,.0f"),
                    range(s.p50(), "%.2f"),
                    range(s.p99(), "%.2f"),
                    range(s.p999(), "%.2f"),
                    range(s.targetMicrosPerRequest(), "%.0f"),
                    s.errors(),
                    s.drainSeconds().n() == 0 ? "–" : range(s.drainSeconds(), "%.2f"),
                    s.target().equals("peer") ? "–" : (s.everyAuditOk() ? "ok" : "FAILED"),
                    coldStart(s),
                    range(scaled(s.tokenCacheHitRate(), 100), "%.1f"),
                    range(s.meanCoalescedBatch(), "%.2f")));
        }
        return out.toString();
    }

    /** Keyed draws' CPU per draw over unkeyed draws', per process, run by run on the same service; empty without. */
    static String keyedOverUnkeyed(Report report) {
        StringBuilder out = new StringBuilder();
        for (String target : Report.targets(report.runs())) {
            List<TargetRun> runs = Report.only(report.runs(), target);
            for (String process : List.of("target", "redis", "mariadb")) {
                Stats ratio = Stats.of(runs.stream()
                        .mapToDouble(run -> run.keyedOverUnkeyed(process))
                        .filter(value -> !Double.isNaN(value))
                        .boxed()
                        .toList());
                if (ratio.n() > 0) {
                    out.append(format(
                            "Keyed ÷ unkeyed draws, %s CPU per draw, %s (same service, same run): %.2fx median, range"
                                    + " %.2f–%.2f over %d runs%n",
                            process, target, ratio.median(), ratio.min(), ratio.max(), ratio.n()));
                }
            }
        }
        return out.toString();
    }

    /** The draw phases, run by run, with the same columns as the grabs where they apply and CPU per draw. */
    static String drawRunsTable(Report report) {
        StringBuilder out = new StringBuilder();
        out.append(
                "| target | run | draws/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | raw p99 ms | errors | outcomes"
                        + " | CPU cores: target / redis / mariadb / bench / other (machine) | target µs/draw | redis µs/draw"
                        + " | mariadb µs/draw | load1 | draws/s ÷ grabs/s |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---:|\n");
        for (TargetRun run : report.runs()) {
            drawRunRow(out, run.target(), run, run.draws());
            drawRunRow(out, Report.keyedLabel(run.target()), run, run.keyedDraws());
        }
        return out.toString();
    }

    private static void drawRunRow(StringBuilder out, String label, TargetRun run, Measurement m) {
        if (m == null) {
            return;
        }
        LatencySummary l = m.latency();
        out.append(format(
                "| %s | %d | %,.0f | %.2f | %.2f | %.2f | %.2f | %.1f | %.2f | %d | %s | %s | %s | %s | %s | %.2f"
                        + " | %s |%n",
                label,
                run.run(),
                m.requestsPerSecond(),
                l.p50(),
                l.p90(),
                l.p99(),
                l.p999(),
                l.max(),
                m.rawLatency().p99(),
                m.errors(),
                outcomeMix(m.outcomes(), m.requests()),
                cpuCores(m.cpu()),
                number(m.cpuMicrosPerRequest("target"), "%.0f"),
                number(m.cpuMicrosPerRequest("redis"), "%.0f"),
                number(m.cpuMicrosPerRequest("mariadb"), "%.0f"),
                m.cpu().loadAverage1m(),
                number(run.drawsPerGrab(m), "%.2f")));
    }

    static String drawSummaryTable(Report report) {
        StringBuilder out = new StringBuilder();
        out.append("| target | runs | draws/s median (range) | p50 ms | p99 ms | draws/s ÷ grabs/s | target µs/draw"
                + " | redis µs/draw | mariadb µs/draw | errors |\n");
        out.append("|---|---:|---|---|---|---|---|---|---|---:|\n");
        for (DrawSummary s : report.draws().values()) {
            out.append(format(
                    "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %d |%n",
                    s.target(),
                    s.runs(),
                    range(s.drawsPerSecond(), "%,.0f"),
                    range(s.p50(), "%.2f"),
                    range(s.p99(), "%.2f"),
                    range(s.drawsPerGrab(), "%.2f"),
                    range(s.targetMicrosPerDraw(), "%.0f"),
                    range(s.redisMicrosPerDraw(), "%.0f"),
                    range(s.mariadbMicrosPerDraw(), "%.0f"),
                    s.errors()));
        }
        return out.toString();
    }

    private static String coldStart(TargetSummary s) {
        if (Double.isNaN(s.coldStartRequestsPerSecond())
                || s.requestsPerSecond().n() == 0) {
            return "–";
        }
        return format(
                "%,.0f (%.2f)",
                s.coldStartRequestsPerSecond(),
                s.coldStartRequestsPerSecond() / s.requestsPerSecond().median());
    }

    /** "Profile: realistic (users 1000000, ...)" from the settings, when the report names one. */
    static java.util.Optional<String> profile(Report report) {
        Object name = report.settings().get("profile");
        if (name == null) {
            return java.util.Optional.empty();
        }
        Object parameters = report.settings().get("profileParameters");
        String details = parameters instanceof Map<?, ?> map
                ? map.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining("; ", " (", ")"))
                : "";
        return java.util.Optional.of("Profile: " + name + details);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "?" : format("%.1f%%", 100 * share);
    }

    private static String number(double value, String pattern) {
        return Double.isNaN(value) ? "?" : format(pattern, value);
    }

    private static Stats scaled(Stats stats, double factor) {
        return new Stats(stats.median() * factor, stats.min() * factor, stats.max() * factor, stats.n());
    }

    static String range(Stats stats, String number) {
        if (stats.n() == 0) {
            return "–";
        }
        return format(number + " (" + number + "–" + number + ")", stats.median(), stats.min(), stats.max());
    }

    static String outcomeMix(Map<Outcome, Long> outcomes, long total) {
        if (total == 0) {
            return "–";
        }
        return java.util.stream.Stream.of(Outcome.values())
                .filter(outcomes::containsKey)
                .map(outcome -> format("%s %.1f%%", shortName(outcome), 100.0 * outcomes.get(outcome) / total))
                .collect(Collectors.joining(", "));
    }

    private static String shortName(Outcome outcome) {
        switch (outcome) {
            case GRABBED:
                return "grabbed";
            case ALREADY_GRABBED:
                return "already";
            case SOLD_OUT:
                return "sold out";
            case DRAW_PENDING:
                return "pending";
            default:
                return outcome.name().toLowerCase(Locale.ROOT);
        }
    }

    private static String cpuCores(CpuUsage cpu) {
        String processes = java.util.stream.Stream.of(CpuMeter.PROCESSES)
                .map(name -> cpu.processCores().containsKey(name)
                        ? format("%.2f", cpu.processCores().get(name))
                        : "?")
                .collect(Collectors.joining(" / "));
        return format("%s / %.2f (%.2f)", processes, cpu.otherCores(), cpu.machineCores());
    }

    private static String audit(Persistence persistence) {
        if (persistence == null) {
            return "–";
        }
        return persistence.auditOk() ? "ok" : "FAILED " + String.join("; ", persistence.failedChecks());
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
