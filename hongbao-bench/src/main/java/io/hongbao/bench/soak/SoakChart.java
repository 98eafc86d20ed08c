package io.hongbao.bench.soak;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code soak.html}: one self-contained page (inline SVG, no scripts) with the heap in use and the RSS over time, the
 * answers per second below, and the text summary. {@code bench http}'s chart draws bars per run, not lines over time.
 */
final class SoakChart {

    private static final int WIDTH = 760;
    private static final int HEIGHT = 300;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 30;
    private static final int BOTTOM = 40;

    private SoakChart() {}

    static String render(SoakReport report, String summary) {
        List<SoakSample> samples = report.samples();
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Hongbao bench soak</title>"
                + "<style>body{font-family:sans-serif;margin:2em}pre{background:#f5f5f5;padding:1em;overflow:auto}"
                + "</style></head><body>\n<h1>bench soak — " + escape(report.startedAt()) + "</h1>\n"
                + "<p>Verdict (RSS): <b>" + escape(report.rss().verdict()) + "</b></p>\n"
                + chart(
                        "Memory (MB)",
                        samples,
                        "MB",
                        new Line("RSS", "#c62828", SoakSample::rssMb),
                        new Line("heap in use", "#546e7a", SoakSample::heapUsedMb))
                + chart(
                        "Answers per second",
                        samples,
                        "/s",
                        new Line("answers/s", "#2e7d32", SoakSample::answersPerSecond))
                + "<pre>" + escape(summary) + "</pre>\n</body></html>\n";
    }

    record Line(String name, String colour, ToDoubleFunction<SoakSample> value) {}

    static String chart(String title, List<SoakSample> samples, String unit, Line... lines) {
        double maxT = samples.stream().mapToDouble(SoakSample::seconds).max().orElse(1);
        double maxY = 0;
        for (Line line : lines) {
            maxY = Math.max(
                    maxY,
                    samples.stream()
                            .mapToDouble(line.value())
                            .filter(v -> !Double.isNaN(v))
                            .max()
                            .orElse(0));
        }
        double top = maxY <= 0 ? 1 : maxY * 1.1;
        double spanT = maxT <= 0 ? 1 : maxT;
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = new StringBuilder(String.format(
                Locale.ROOT,
                "<h2>%s</h2>%n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">%n",
                escape(title),
                WIDTH,
                HEIGHT));
        for (int tick = 0; tick <= 4; tick++) {
            double y = TOP + plotHeight - plotHeight * tick / 4.0;
            double x = LEFT + plotWidth * tick / 4.0;
            svg.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%,.0f %s</text>"
                            + "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%.1f min</text>%n",
                    LEFT,
                    y,
                    WIDTH - RIGHT,
                    y,
                    LEFT - 6,
                    y + 4,
                    top * tick / 4,
                    unit,
                    x,
                    HEIGHT - BOTTOM + 16,
                    spanT * tick / 4 / 60));
        }
        for (int l = 0; l < lines.length; l++) {
            Line line = lines[l];
            StringBuilder points = new StringBuilder();
            for (SoakSample sample : samples) {
                double value = line.value().applyAsDouble(sample);
                if (!Double.isNaN(value)) {
                    points.append(String.format(
                            Locale.ROOT,
                            "%.1f,%.1f ",
                            LEFT + plotWidth * sample.seconds() / spanT,
                            TOP + plotHeight - plotHeight * value / top));
                }
            }
            svg.append(String.format(
                    Locale.ROOT,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>"
                            + "<rect x=\"%d\" y=\"8\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                            + "<text x=\"%d\" y=\"18\" font-size=\"12\">%s</text>%n",
                    line.colour(),
                    points.toString().trim(),
                    LEFT + l * 140,
                    line.colour(),
                    LEFT + l * 140 + 16,
                    escape(line.name())));
        }
        return svg.append("</svg>\n").toString();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
