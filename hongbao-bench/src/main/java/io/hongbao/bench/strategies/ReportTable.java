package io.hongbao.bench.strategies;

import java.util.List;

/** The report as a fixed-width text table, one strategy per line. */
final class ReportTable {

    private static final String FORMAT = "%-22s %9s %9s %9s %8s %9s %6s %5s %9s %11s %9s %8s %7s %6s%n";

    private ReportTable() {}

    static String render(List<StrategyReport> reports) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                FORMAT,
                "strategy",
                "grabs/s",
                "p50 µs",
                "p99 µs",
                "granted",
                "persisted",
                "over",
                "dup",
                "conserved",
                "unfairMiss",
                "sellout ms",
                "drain ms",
                "errors",
                "batch"));
        for (StrategyReport r : reports) {
            out.append(String.format(
                    FORMAT,
                    r.strategy(),
                    r.grabsPerSecond(),
                    r.p50Micros(),
                    r.p99Micros(),
                    r.granted(),
                    r.persisted(),
                    r.overIssued(),
                    r.duplicateGrabs(),
                    r.conserved() ? "yes" : "NO",
                    r.unfairMisses(),
                    r.sellOutMillis(),
                    r.drainMillis(),
                    r.errors(),
                    batch(r)));
        }
        return out.toString();
    }

    /** The same table in Markdown, for docs/strategies.md. */
    static String markdown(List<StrategyReport> reports) {
        StringBuilder out = new StringBuilder();
        out.append("| strategy | grabs/s | p50 µs | p99 µs | granted | persisted | over-issued | duplicates |"
                + " conserved | unfair misses | sell-out ms | drain ms | batch |\n");
        out.append("|---|--:|--:|--:|--:|--:|--:|--:|:-:|--:|--:|--:|--:|\n");
        for (StrategyReport r : reports) {
            out.append(String.format(
                    "| `%s` | %d | %d | %d | %d | %d | %d | %d | %s | %d | %d | %d | %s |%n",
                    r.strategy(),
                    r.grabsPerSecond(),
                    r.p50Micros(),
                    r.p99Micros(),
                    r.granted(),
                    r.persisted(),
                    r.overIssued(),
                    r.duplicateGrabs(),
                    r.conserved() ? "yes" : "**no**",
                    r.unfairMisses(),
                    r.sellOutMillis(),
                    r.drainMillis(),
                    batch(r)));
        }
        return out.toString();
    }

    /** The mean coalesced batch, or a dash for a strategy that does not coalesce. */
    private static String batch(StrategyReport r) {
        return r.meanBatch() == null ? "-" : String.format("%.2f", r.meanBatch());
    }
}
