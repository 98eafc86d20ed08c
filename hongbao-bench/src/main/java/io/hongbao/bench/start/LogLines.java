package io.hongbao.bench.start;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The WARN and ERROR lines of a service's log, found by Spring Boot's default pattern: the timestamp, then the level
 * ({@code 2026-01-01T10:00:00.000Z  WARN 4242 --- [main] ...}). A stack trace's lines, or a message that says WARN, do
 * not count. A clean start logs none.
 *
 * @param firstWarnings the first {@link #KEPT} WARN lines, as logged
 * @param firstErrors the first {@link #KEPT} ERROR lines
 */
public record LogLines(int warnings, int errors, List<String> firstWarnings, List<String> firstErrors) {

    static final int KEPT = 5;

    public static final LogLines NONE = new LogLines(0, 0, List.of(), List.of());

    private static final Pattern LEVEL = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}\\S* +(WARN|ERROR) ");

    public static LogLines of(String log) {
        int warnings = 0;
        int errors = 0;
        List<String> firstWarnings = new ArrayList<>();
        List<String> firstErrors = new ArrayList<>();
        for (String line : log.lines().toList()) {
            Matcher level = LEVEL.matcher(line);
            if (!level.find()) {
                continue;
            }
            if (level.group(1).equals("WARN")) {
                warnings++;
                keep(firstWarnings, line);
            } else {
                errors++;
                keep(firstErrors, line);
            }
        }
        return new LogLines(warnings, errors, List.copyOf(firstWarnings), List.copyOf(firstErrors));
    }

    private static void keep(List<String> kept, String line) {
        if (kept.size() < KEPT) {
            kept.add(line);
        }
    }

    public boolean clean() {
        return warnings == 0 && errors == 0;
    }
}
