package io.hongbao.bench.start;

import io.hongbao.bench.start.StartSummary.FigureStats;
import java.util.List;
import java.util.Locale;

/** {@code bench start}'s report as text: the figures' table, then the failed starts and every start's log lines. */
final class StartText {

    private static final int LOG_LINES_SHOWN = 3;

    private StartText() {}

    static String render(StartReport report) {
        StringBuilder text = new StringBuilder();
        text.append("bench start — ").append(report.startedAt()).append('\n');
        report.targets().forEach((name, path) -> text.append(String.format("  %-10s %s%n", name, path)));
        report.settings().forEach((key, value) -> text.append(String.format("  %s: %s%n", key, value)));
        text.append('\n');
        List<String> targets = List.copyOf(report.targets().keySet());
        boolean ratio = !report.summary().candidateOverBaseline().isEmpty();
        text.append(String.format("%-34s", "median (min–max) per target"));
        for (String target : targets) {
            text.append(String.format("%-28s", target));
        }
        text.append(ratio ? targets.get(0) + " ÷ " + targets.get(1) : "").append('\n');
        for (Figure figure : Figure.values()) {
            String label = figure.label + (figure.unit.isEmpty() ? "" : " (" + figure.unit + ")");
            text.append(String.format("%-34s", label));
            for (String target : targets) {
                text.append(String.format(
                        "%-28s", cell(report.summary().figures().get(target).get(figure.id), figure.unit)));
            }
            if (ratio) {
                text.append(number(report.summary().candidateOverBaseline().get(figure.id), ""));
            }
            text.append('\n');
        }
        failures(text, report.runs());
        logs(text, report.runs());
        return text.toString();
    }

    private static String cell(FigureStats stats, String unit) {
        if (stats.n() == 0) {
            return "–";
        }
        String cell = number(stats.median(), unit);
        if (stats.n() > 1) {
            cell += " (" + number(stats.min(), unit) + "–" + number(stats.max(), unit) + ")";
        }
        return stats.n() < stats.values().size() ? cell + " n=" + stats.n() : cell;
    }

    static String number(double value, String unit) {
        if (Double.isNaN(value)) {
            return "–";
        }
        return switch (unit) {
            case "s" -> String.format(Locale.ROOT, "%.2f", value);
            case "MB", "req/s" -> String.format(Locale.ROOT, "%,.0f", value);
            default -> String.format(Locale.ROOT, "%.2f", value);
        };
    }

    private static void failures(StringBuilder text, List<StartRun> runs) {
        for (StartRun run : runs) {
            if (!run.ok()) {
                text.append(String.format(
                        "%nFAILED: %s round %d %s: %s (%s); its log ends:%n",
                        run.target(), run.round(), run.kind().label(), run.failure(), run.log()));
                run.logTail().forEach(line -> text.append("    ").append(line).append('\n'));
            } else if (run.load() != null && run.load().attemptsPastCapacity() > 0) {
                text.append(String.format(
                        "%n%s round %d: the restart's load sold out (%,d fresh grabs found no share): raise"
                                + " --expected-rate%n",
                        run.target(), run.round(), run.load().attemptsPastCapacity()));
            }
        }
    }

    private static void logs(StringBuilder text, List<StartRun> runs) {
        text.append("\nWARN / ERROR lines, until ready and in the whole log (start, load, stop):\n");
        for (StartRun run : runs) {
            text.append(String.format(
                    Locale.ROOT,
                    "  %-10s round %d %-12s %d / %d, whole log %d / %d  %s%n",
                    run.target(),
                    run.round(),
                    run.kind().label(),
                    run.logToReady().warnings(),
                    run.logToReady().errors(),
                    run.wholeLog().warnings(),
                    run.wholeLog().errors(),
                    run.log()));
            shown(text, run.wholeLog().firstWarnings());
            shown(text, run.wholeLog().firstErrors());
        }
    }

    private static void shown(StringBuilder text, List<String> lines) {
        lines.stream()
                .limit(LOG_LINES_SHOWN)
                .forEach(line -> text.append("      ")
                        .append(line.length() > 200 ? line.substring(0, 200) + "…" : line)
                        .append('\n'));
    }
}
