package io.hongbao.bench.http.report;

import java.util.Locale;
import java.util.Map;

/** The money events' part of {@code bench http}'s table ({@code --also-events}): their cost per grab and lag. */
final class EventsText {

    private EventsText() {}

    static String render(EventsComparison events) {
        StringBuilder out = new StringBuilder();
        out.append(format(
                "Money events: %s ÷ %s, run by run: grabs/s %s%n",
                events.target(), events.baseline(), TextReport.range(events.throughputRatio(), "%.2fx")));
        out.append(format("| CPU per grab, µs | %s | %s | ratio |%n", events.baseline(), events.target()));
        out.append("|---|---|---|---|\n");
        for (Map.Entry<String, Map<String, Stats>> process :
                events.microsPerGrab().entrySet()) {
            Map<String, Stats> byTarget = process.getValue();
            out.append(format(
                    "| %s | %s | %s | %s |%n",
                    process.getKey(),
                    TextReport.range(byTarget.get(events.baseline()), "%.0f"),
                    TextReport.range(byTarget.get(events.target()), "%.0f"),
                    TextReport.range(events.ratioPerGrab().get(process.getKey()), "%.2fx")));
        }
        out.append(format(
                "Published %s events/s; publish lag (commit → ack) mean %s ms over the window; at its end p50 %s,"
                        + " p99 %s, max %s ms (the service's last ≤ 2 min)%n",
                TextReport.range(events.eventsPerSecond(), "%,.0f"),
                TextReport.range(events.meanLagMillis(), "%.1f"),
                TextReport.range(events.lagP50Millis(), "%.1f"),
                TextReport.range(events.lagP99Millis(), "%.1f"),
                TextReport.range(events.lagMaxMillis(), "%.1f")));
        out.append(format(
                "Outbox: %s rows waiting at the window's end (the service's 2-s sample), %s when the load stopped,"
                        + " empty %s s after it%n",
                TextReport.range(events.backlogAtWindowEnd(), "%,.0f"),
                TextReport.range(events.rowsAtLoadStop(), "%,.0f"),
                TextReport.range(events.drainSeconds(), "%.2f")));
        return out.toString();
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
