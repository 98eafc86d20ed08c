package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A service process's log ({@code service.log} in its data folder, appended to by every start on the folder), read one
 * start at a time: what a start wrote since the last {@link #skipToEnd()}.
 */
final class ServiceLog {

    private final Path file;
    private int seen;

    ServiceLog(Path file) {
        this.file = file;
    }

    /** The lines written so far belong to starts already judged (or not to be). */
    void skipToEnd() throws IOException {
        seen = lines().size();
    }

    /**
     * The start since the last {@link #skipToEnd()} warmed the grab path up and logged no WARN or ERROR, and its JVM
     * printed no warning of its own.
     */
    void assertStartSaidNothingAlarming(String which) throws IOException {
        List<String> lines = lines();
        List<String> thisStart = lines.subList(Math.min(seen, lines.size()), lines.size());
        assertThat(thisStart)
                .as("the log of %s", which)
                .anyMatch(line -> line.contains("grab path warmed up"))
                .filteredOn(ServiceLog::alarming)
                .isEmpty();
        seen = lines.size();
    }

    /** Spring Boot's pattern puts the level between the time and the process id; the JVM's own begin WARNING. */
    private static boolean alarming(String line) {
        return line.contains(" WARN ")
                || line.contains(" ERROR ")
                || line.startsWith("WARNING")
                || line.contains("[warning]");
    }

    private List<String> lines() throws IOException {
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }
}
