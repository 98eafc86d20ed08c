package io.hongbao.bench.soak;

import io.hongbao.bench.http.targets.Persistence;
import java.util.List;
import java.util.Locale;

/** {@code bench soak}'s text summary and its samples as CSV. */
final class SoakText {

    /** The summary shows at most about this many samples, evenly spread; the CSV has them all. */
    private static final int ROWS = 30;

    private SoakText() {}

    static String render(SoakReport report) {
        StringBuilder text = new StringBuilder();
        text.append("bench soak — ").append(report.startedAt()).append('\n');
        report.settings().forEach((key, value) -> text.append(String.format("  %s: %s%n", key, value)));
        List<SoakSample> samples = report.samples();
        text.append(
                String.format("%n%9s %10s %9s %11s %7s%n", "t (s)", "heap (MB)", "RSS (MB)", "answers/s", "errors"));
        int step = Math.max(1, (int) Math.ceil(samples.size() / (double) ROWS));
        for (int i = 0; i < samples.size(); i++) {
            if (i % step == 0 || i == samples.size() - 1) {
                SoakSample s = samples.get(i);
                text.append(String.format(
                        Locale.ROOT,
                        "%9.0f %10.0f %9.0f %11.0f %7d%n",
                        s.seconds(),
                        s.heapUsedMb(),
                        s.rssMb(),
                        s.answersPerSecond(),
                        s.errors()));
            }
        }
        text.append('\n').append(growth("RSS ", report.rss(), true)).append('\n');
        text.append(growth("heap", report.heap(), false))
                .append(": read beside the RSS, not judged (a sawtooth between collections)\n");
        SoakReport.Load load = report.load();
        text.append(String.format(
                Locale.ROOT,
                "%nload: %,d requests, %,.0f/s, %d errors, %s; p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms (from each"
                        + " request's intended send time)%n",
                load.requests(),
                load.requestsPerSecond(),
                load.errors(),
                load.outcomes(),
                load.latency().p50(),
                load.latency().p99(),
                load.latency().p999()));
        if (load.attemptsPastCapacity() > 0) {
            text.append(String.format(
                    "the packets sold out: %,d fresh grabs found no share%n", load.attemptsPastCapacity()));
        }
        text.append(persistence(report.persistence())).append('\n');
        text.append(String.format(
                "service log: %d WARN, %d ERROR lines%n",
                report.log().warnings(), report.log().errors()));
        report.log()
                .firstWarnings()
                .forEach(line -> text.append("    ").append(line).append('\n'));
        report.log()
                .firstErrors()
                .forEach(line -> text.append("    ").append(line).append('\n'));
        text.append(String.format("%nverdict: %s%s%n", report.rss().verdict(), report.clean() ? "" : " (not clean)"));
        return text.toString();
    }

    /** @param judged whether the verdict follows the figures */
    static String growth(String figure, Growth growth, boolean judged) {
        if (Growth.TOO_FEW.equals(growth.verdict())) {
            return figure + ": too few samples";
        }
        String figures = String.format(
                Locale.ROOT,
                "%s: second sixth %.0f MB, last sixth %.0f MB (%+.1f %%; limit +%.0f %%); second half's slope %+.1f MB"
                        + " per 10 min (%+.2f %% of its mean; limit +%.0f %%)",
                figure,
                growth.secondSixthMb(),
                growth.lastSixthMb(),
                growth.lastOverSecondPercent(),
                Growth.SIXTHS_LIMIT_PERCENT,
                growth.slopeMbPer10Min(),
                growth.slopePercentPer10Min(),
                Growth.SLOPE_LIMIT_PERCENT);
        return judged ? figures + ": " + growth.verdict() : figures;
    }

    private static String persistence(Persistence persistence) {
        if (persistence == null) {
            return "persister: not asked";
        }
        String drained = persistence.drainSeconds() >= 0
                ? String.format(
                        Locale.ROOT,
                        "every grant (%,d) in the database %.2f s after the load stopped",
                        persistence.granted(),
                        persistence.drainSeconds())
                : String.format(
                        "%,d grants, %,d rows in the database: not all persisted",
                        persistence.granted(), persistence.rowsInDatabase());
        return "persister: " + drained + "; audit "
                + (persistence.auditOk() ? "ok" : "FAILED " + persistence.failedChecks());
    }

    static String csv(List<SoakSample> samples) {
        StringBuilder csv = new StringBuilder("seconds,heap_used_mb,rss_mb,answers_per_second,errors\n");
        for (SoakSample s : samples) {
            csv.append(String.format(
                    Locale.ROOT,
                    "%.1f,%.1f,%.1f,%.1f,%d%n",
                    s.seconds(),
                    s.heapUsedMb(),
                    s.rssMb(),
                    s.answersPerSecond(),
                    s.errors()));
        }
        return csv.toString();
    }
}
