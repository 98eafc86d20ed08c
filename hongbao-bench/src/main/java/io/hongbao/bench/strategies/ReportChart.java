package io.hongbao.bench.strategies;

import java.util.List;
import java.util.Locale;

/**
 * The report as one self-contained HTML page: two bar charts in inline SVG (throughput, and p50/p99 latency on a
 * logarithmic axis, since the strategies differ by orders of magnitude) and the table. No script, no CDN.
 */
final class ReportChart {

    private static final int LABEL_WIDTH = 190;
    private static final int BAR_AREA = 560;
    private static final int ROW = 26;

    private ReportChart() {}

    static String render(List<StrategyReport> reports, String title, String subtitle) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
                + escape(title)
                + "</title>\n<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}.bad{color:#b00;font-weight:bold}"
                + "svg text{font-size:12px}</style></head><body>\n"
                + "<h1>" + escape(title) + "</h1>\n<p>" + escape(subtitle) + "</p>\n"
                + "<h2>Throughput (attempts answered per second)</h2>\n"
                + throughput(reports)
                + "<h2>Latency per attempt (µs, log scale): p50 dark, p99 light</h2>\n"
                + latency(reports)
                + "<h2>Correctness</h2>\n"
                + table(reports)
                + "</body></html>\n";
    }

    private static String throughput(List<StrategyReport> reports) {
        double max = 1;
        for (StrategyReport r : reports) {
            max = Math.max(max, r.grabsPerSecond());
        }
        StringBuilder svg = open(reports.size());
        for (int i = 0; i < reports.size(); i++) {
            StrategyReport r = reports.get(i);
            int y = 10 + i * ROW;
            label(svg, r.strategy(), y);
            double width = BAR_AREA * r.grabsPerSecond() / max;
            bar(svg, y, width, 18, "#2b6cb0");
            value(svg, y, width, Long.toString(r.grabsPerSecond()));
        }
        return svg.append("</svg>\n").toString();
    }

    private static String latency(List<StrategyReport> reports) {
        double maxLog = 1;
        for (StrategyReport r : reports) {
            maxLog = Math.max(maxLog, log(r.p99Micros()));
        }
        StringBuilder svg = open(reports.size());
        for (int i = 0; i < reports.size(); i++) {
            StrategyReport r = reports.get(i);
            int y = 10 + i * ROW;
            label(svg, r.strategy(), y);
            double p99 = BAR_AREA * log(r.p99Micros()) / maxLog;
            double p50 = BAR_AREA * log(r.p50Micros()) / maxLog;
            bar(svg, y, p99, 18, "#f6ad55");
            bar(svg, y + 4, p50, 10, "#c05621");
            value(svg, y, p99, r.p50Micros() + " / " + r.p99Micros());
        }
        return svg.append("</svg>\n").toString();
    }

    private static String table(List<StrategyReport> reports) {
        StringBuilder html = new StringBuilder("<table><tr><th>strategy</th><th>grabs/s</th><th>p50 µs</th>"
                + "<th>p99 µs</th><th>granted</th><th>persisted</th><th>over-issued</th><th>duplicates</th>"
                + "<th>conserved</th><th>unfair misses</th><th>sell-out ms</th><th>drain ms</th></tr>\n");
        for (StrategyReport r : reports) {
            html.append("<tr><td>")
                    .append(escape(r.strategy()))
                    .append(cells(r.grabsPerSecond(), r.p50Micros(), r.p99Micros(), r.granted()))
                    .append(r.persisted() == r.granted() ? cells(r.persisted()) : bad(r.persisted()))
                    .append(r.overIssued() == 0 ? cells(r.overIssued()) : bad(r.overIssued()))
                    .append(r.duplicateGrabs() == 0 ? cells(r.duplicateGrabs()) : bad(r.duplicateGrabs()))
                    .append(r.conserved() ? "<td>yes" : "<td class=\"bad\">NO")
                    .append(cells(r.unfairMisses(), r.sellOutMillis(), r.drainMillis()))
                    .append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    private static String cells(long... values) {
        StringBuilder out = new StringBuilder();
        for (long value : values) {
            out.append("</td><td>").append(value);
        }
        return out.toString();
    }

    private static String bad(long value) {
        return "</td><td class=\"bad\">" + value;
    }

    private static StringBuilder open(int rows) {
        int height = 20 + rows * ROW;
        int width = LABEL_WIDTH + BAR_AREA + 130;
        return new StringBuilder(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                width,
                height,
                width,
                height));
    }

    private static void label(StringBuilder svg, String text, int y) {
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                LABEL_WIDTH - 8,
                y + 13,
                escape(text)));
    }

    private static void bar(StringBuilder svg, int y, double width, int height, String color) {
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                LABEL_WIDTH,
                y,
                Math.max(1, width),
                height,
                color));
    }

    private static void value(StringBuilder svg, int y, double width, String text) {
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%d\">%s</text>%n",
                LABEL_WIDTH + Math.max(1, width) + 6,
                y + 13,
                escape(text)));
    }

    /** log10 of a latency in µs, at least 0 (1 µs sits at the axis). */
    private static double log(long micros) {
        return Math.log10(Math.max(1, micros)) + 0.001;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
