package io.hongbao.bench.strategies;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.BenchMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code strategies} command end to end with a tiny workload: embedded servers by default, or the machine's
 * Redis and MariaDB with {@code -Dhongbao.test.mode=external} (Redis database 12, MariaDB database
 * hongbao_bench_it).
 */
class StrategiesCommandIT {

    private final PrintStream originalOut = System.out;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @BeforeEach
    void storage() {
        System.setProperty(
                "hongbao.data-dir",
                Path.of("target", "it-data", UUID.randomUUID().toString()).toString());
        if ("external".equals(System.getProperty("hongbao.test.mode"))) {
            System.setProperty(
                    "hongbao.redis.url", System.getProperty("hongbao.test.redis-url", "redis://127.0.0.1:6379/12"));
            System.setProperty(
                    "hongbao.db.url",
                    "jdbc:mariadb://127.0.0.1:3306/"
                            + System.getProperty("hongbao.test.db-name", "hongbao_bench_it")
                            + "?createDatabaseIfNotExist=true");
        }
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(originalOut);
    }

    @Test
    void runsEveryStrategyAndWritesTheTableTheJsonAndTheChart(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("lab.json");

        int exit = new CommandLine(new BenchMain())
                .execute(
                        "strategies",
                        "--packets=3",
                        "--shares=4",
                        "--users=30",
                        "--threads=4",
                        "--warmup-seconds=0",
                        "--json=" + json);

        String printed = out.toString(StandardCharsets.UTF_8);
        originalOut.print(printed);
        assertThat(exit).as("every strategy kept every invariant").isZero();
        List<Map<String, Object>> reports = JsonMapper.builder().build().readValue(json.toFile(), List.class);
        assertThat(reports).extracting(r -> r.get("strategy")).contains("db-pessimistic", "lua-list", "redis-lock");
        for (Map<String, Object> report : reports) {
            assertThat((Integer) report.get("granted")).isBetween(1, 12); // 3 packets x 4 shares
            assertThat(report)
                    .containsKeys("grabsPerSecond", "p50Micros", "p99Micros")
                    .containsEntry("persisted", report.get("granted"))
                    .containsEntry("overIssued", 0)
                    .containsEntry("duplicateGrabs", 0)
                    .containsEntry("conserved", true);
        }
        assertThat(Files.readString(dir.resolve("lab.html"))).contains("<svg").contains("lua-live-split");
        assertThat(printed).contains("strategy").contains("lua-live-split").contains("JSON: ");
    }

    @Test
    void refusesAnUnknownStrategyName(@TempDir Path dir) {
        int exit = new CommandLine(new BenchMain())
                .execute("strategies", "--strategies=no-such", "--json=" + dir.resolve("x.json"));

        assertThat(exit).isEqualTo(2);
        assertThat(dir.resolve("x.json")).doesNotExist();
    }
}
