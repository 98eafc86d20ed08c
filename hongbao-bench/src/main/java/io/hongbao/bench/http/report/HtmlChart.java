package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.LatencySummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A self-contained HTML page (inline SVG, no scripts, no external files) with the report's two charts. */
public final class HtmlChart {

    private static final String[] COLOURS = {"#c62828", "#546e7a", "#f9a825", "#2e7d32"};
    private static final int WIDTH = 720;
    private static final int HEIGHT = 300;
    private static final int LEFT = 95;
    private static final int BOTTOM = 40;
    private static final int TOP = 30;

    private HtmlChart() {}

    public static String render(Report report) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Hongbao bench http</title>")
                .append("<style>body{font-family:sans-serif;margin:2em}pre{background:#f5f5f5;padding:1em;")
                .append("overflow:auto}</style></head><body>\n<h1>bench http — ")
                .append(escape(report.startedAt()))
                .append("</h1>\n");
        if (report.throughputRatio().n() > 0) {
            html.append(String.format(
                    Locale.ROOT,
                    "<p>Throughput ratio hongbao/peer: <b>%.2f×</b> median, range %.2f–%.2f over %d runs.</p>%n",
                    report.throughputRatio().median(),
                    report.throughputRatio().min(),
                    report.throughputRatio().max(),
                    report.throughputRatio().n()));
        }
        html.append(barChart("Requests per second, per run", runLabels(report), throughputSeries(report), "req/s"));
        html.append(barChart(
                "Latency percentiles (median over runs, coordinated-omission corrected)",
                List.of("p50", "p90", "p99", "p99.9"),
                latencySeries(report),
                "ms"));
        html.append("<pre>").append(escape(TextReport.render(report))).append("</pre>\n</body></html>\n");
        return html.toString();
    }

    private static List<String> runLabels(Report report) {
        return report.runs().stream().map(run -> "run " + run.run()).distinct().toList();
    }

    private static Map<String, List<Double>> throughputSeries(Report report) {
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (TargetRun run : report.runs()) {
            series.computeIfAbsent(run.target(), t -> new ArrayList<>())
                    .add(run.measurement().requestsPerSecond());
        }
        return series;
    }

    private static Map<String, List<Double>> latencySeries(Report report) {
        Map<String, List<Double>> series = new LinkedHashMap<>();
        for (String target : report.summaries().keySet()) {
            List<TargetRun> runs = report.runs().stream()
                    .filter(r -> r.target().equals(target))
                    .toList();
            series.put(target, List.of(median(runs, 50), median(runs, 90), median(runs, 99), median(runs, 99.9)));
        }
        return series;
    }

    private static double median(List<TargetRun> runs, double percentile) {
        return Stats.of(runs.stream()
                        .map(run -> {
                            LatencySummary l = run.measurement().latency();
                            return percentile == 50
                                    ? l.p50()
                                    : percentile == 90 ? l.p90() : percentile == 99 ? l.p99() : l.p999();
                        })
                        .toList())
                .median();
    }

    static String barChart(String title, List<String> categories, Map<String, List<Double>> series, String unit) {
        double top = series.values().stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(1);
        top = top <= 0 ? 1 : top * 1.1;
        int plotWidth = WIDTH - LEFT - 20;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        double groupWidth = plotWidth / (double) Math.max(1, categories.size());
        double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT,
                "<h2>%s</h2>%n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
                escape(title),
                WIDTH,
                HEIGHT));
        for (int tick = 0; tick <= 4; tick++) {
            double value = top * tick / 4;
            double y = TOP + plotHeight - plotHeight * tick / 4.0;
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%s</text>%n",
                    LEFT,
                    y,
                    WIDTH - 20,
                    y,
                    LEFT - 6,
                    y + 4,
                    number(value) + " " + unit));
        }
        int s = 0;
        for (Map.Entry<String, List<Double>> one : series.entrySet()) {
            String colour = COLOURS[s % COLOURS.length];
            for (int c = 0; c < one.getValue().size() && c < categories.size(); c++) {
                double value = one.getValue().get(c);
                double height = plotHeight * value / top;
                double x = LEFT + c * groupWidth + groupWidth * 0.1 + s * barWidth;
                svg.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                                + "<title>%s %s: %s</title></rect>"
                                + "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%s</text>%n",
                        x,
                        TOP + plotHeight - height,
                        barWidth * 0.95,
                        height,
                        colour,
                        escape(one.getKey()),
                        escape(categories.get(c)),
                        number(value),
                        x + barWidth * 0.475,
                        TOP + plotHeight - height - 3,
                        number(value)));
            }
            svg.append(String.format(
                    Locale.ROOT,
                    "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                            + "<text x=\"%d\" y=\"18\" font-size=\"12\">%s</text>%n",
                    LEFT + s * 120,
                    colour,
                    LEFT + s * 120 + 16,
                    escape(one.getKey())));
            s++;
        }
        for (int c = 0; c < categories.size(); c++) {
            svg.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>%n",
                    LEFT + c * groupWidth + groupWidth / 2,
                    HEIGHT - BOTTOM + 18,
                    escape(categories.get(c))));
        }
        return svg.append("</svg>\n").toString();
    }

    private static String number(double value) {
        if (value == 0) {
            return "0";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
