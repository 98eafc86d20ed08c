package io.hongbao.platform.startup;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.ServiceProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clean start says nothing alarming. The executable as the README runs it (the embedded default, its warm-up on)
 * starts on an empty data folder, stops, and starts again on it: neither start logs a WARN or an ERROR, and the JVM
 * prints no warning of its own (a class-data archive it cannot use, native access). An operator who sees one should
 * be looking at a real problem; the warm-up's requests once ended in an ERROR each start, their connections closed
 * under them at its deadline, and every migration run warned about Flyway's out-of-order mode.
 */
class CleanStartIT {

    /** The warm-up as configured, shortened: its deadline is then met, the case that once cut requests off. */
    private static final Map<String, String> WARM_UP_ON = Map.of(
            "HONGBAO_REDPACKET_WARMUP_ENABLED", "true",
            "HONGBAO_REDPACKET_WARMUP_MAXDURATION", "3s");

    @TempDir
    Path dataDir;

    @Test
    void aFirstStartAndARestartOfTheEmbeddedDefaultLogNoWarningAndNoError() throws Exception {
        try (ServiceProcess first = ServiceProcess.start(dataDir, WARM_UP_ON)) {
            assertThat(first.baseUrl()).isNotBlank();
        }
        try (ServiceProcess restart = ServiceProcess.start(dataDir, WARM_UP_ON)) {
            assertThat(restart.baseUrl()).isNotBlank();
        }

        List<String> log = Files.readAllLines(dataDir.resolve("service.log"));
        assertThat(log)
                .as("the two starts' log")
                .anyMatch(line -> line.contains("grab path warmed up"))
                .filteredOn(CleanStartIT::alarming)
                .isEmpty();
    }

    /** Spring Boot's pattern puts the level between the time and the process id; the JVM's own begin WARNING. */
    private static boolean alarming(String line) {
        return line.contains(" WARN ")
                || line.contains(" ERROR ")
                || line.startsWith("WARNING")
                || line.contains("[warning]");
    }
}
