package io.hongbao.support;

import io.hongbao.support.GrabStorm.Attempt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fault test saw, in words: answers counted by kind per phase, outage and recovery times. Printed, and appended
 * to {@code target/fault-report.txt}, which CI prints after each pass (the failsafe plugin keeps the tests' own output
 * in files).
 */
public final class FaultReport {

    private static final Path FILE = Path.of("target", "fault-report.txt");

    private final String test;
    private final StringBuilder text = new StringBuilder();

    public FaultReport(String test) {
        this.test = test;
    }

    public FaultReport line(String format, Object... args) {
        text.append(test).append(": ").append(String.format(format, args)).append('\n');
        return this;
    }

    /** Prints the lines and appends them to the report file. */
    public void print() {
        System.out.print(text);
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** "200 GRABBED 1234, 503 UNAVAILABLE 56": the answers by kind, most frequent first. */
    public static String counts(Collection<Attempt> answers) {
        Map<String, Long> byKind = new TreeMap<>();
        answers.forEach(a -> byKind.merge(a.kind(), 1L, Long::sum));
        if (byKind.isEmpty()) {
            return "none";
        }
        return String.join(
                ", ",
                byKind.entrySet().stream()
                        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                        .map(e -> e.getKey() + " " + e.getValue())
                        .toList());
    }

    /** The attempts sent in {@code [from, to)} (System.nanoTime). */
    public static List<Attempt> sentBetween(Collection<Attempt> answers, long from, long to) {
        return answers.stream()
                .filter(a -> a.startedAtNanos() >= from && a.startedAtNanos() < to)
                .toList();
    }

    public static long millis(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }
}
