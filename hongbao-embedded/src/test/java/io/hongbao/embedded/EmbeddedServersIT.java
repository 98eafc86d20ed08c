package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

/** Starts the real servers: slow-ish (a fresh data folder unpacks and installs MariaDB), hence an IT. */
class EmbeddedServersIT {

    private static final DataSize MAX_MEMORY = DataSize.ofMegabytes(64);

    @TempDir
    Path dataDir;

    @Test
    void startsBothServersWithDurableSettings() throws Exception {
        try (EmbeddedServers servers = EmbeddedServers.start(bothEmbedded(dataDir))) {
            assertThat(servers.redisUrl()).matches("redis://127\\.0\\.0\\.1:\\d+");
            assertThat(servers.jdbcUrl())
                    .startsWith("jdbc:mariadb://127.0.0.1:")
                    .contains("/hongbao?");

            Map<String, String> config = redis(servers.redisUrl(), redis -> {
                Map<String, String> all = new java.util.HashMap<>();
                for (String key : List.of("appendonly", "appendfsync", "maxmemory", "maxmemory-policy", "bind")) {
                    all.putAll(redis.sync().configGet(key));
                }
                return all;
            });
            assertThat(config)
                    .containsEntry("appendonly", "yes")
                    .containsEntry("appendfsync", "always")
                    .containsEntry("maxmemory", Long.toString(MAX_MEMORY.toBytes()))
                    .containsEntry("maxmemory-policy", "noeviction")
                    .containsEntry("bind", "127.0.0.1");

            try (Connection db = connect(servers)) {
                execute(db, "CREATE TABLE packet (id BIGINT PRIMARY KEY, greeting VARCHAR(100))");
                execute(db, "INSERT INTO packet VALUES (1, '恭喜发财 🧧')");
                assertThat(queryString(db, "SELECT greeting FROM packet WHERE id = 1"))
                        .isEqualTo("恭喜发财 🧧");
                assertThat(queryString(db, "SELECT @@innodb_flush_log_at_trx_commit"))
                        .isEqualTo("1");
            }
        }
    }

    @Test
    void keepsDataAcrossARestart() throws Exception {
        try (EmbeddedServers servers = EmbeddedServers.start(bothEmbedded(dataDir))) {
            writeSomething(servers);
        }
        try (EmbeddedServers servers = EmbeddedServers.start(bothEmbedded(dataDir))) {
            assertSomethingIsThere(servers);
        }
    }

    @Test
    void stopsTheServersThatAKilledJvmLeftRunningAndKeepsTheirData() throws Exception {
        Path readyFile = dataDir.resolve("child-ready.txt");
        Process child = new ProcessBuilder(
                        javaCommand(),
                        "-cp",
                        testClassPath(),
                        ServersInAnotherJvm.class.getName(),
                        dataDir.toString(),
                        readyFile.toString())
                .redirectErrorStream(true)
                .redirectOutput(dataDir.resolve("child.log").toFile())
                .start();
        List<Long> orphans = new ArrayList<>();
        try {
            List<String> urls = awaitReady(child, readyFile);
            EmbeddedServersView childServers = new EmbeddedServersView(urls.get(0), urls.get(1));
            writeSomething(childServers);

            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // kill -9: no shutdown hook runs
            orphans.add(pidIn(dataDir.resolve("redis").resolve(EmbeddedRedis.PID_FILE)));
            orphans.add(pidIn(dataDir.resolve("mariadb").resolve(EmbeddedMariaDb.PID_FILE)));
            assertThat(orphans).as("servers left running by the killed JVM").allMatch(EmbeddedServersIT::isAlive);

            try (EmbeddedServers servers = EmbeddedServers.start(bothEmbedded(dataDir))) {
                assertThat(orphans).as("orphans stopped").noneMatch(EmbeddedServersIT::isAlive);
                assertSomethingIsThere(servers);
            }
        } finally {
            child.destroyForcibly();
            orphans.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    @Test
    void refusesASecondStartOnAFolderInUse() {
        ServersWanted onlyRedis = new ServersWanted(dataDir, true, false, MAX_MEMORY.toBytes());
        try (EmbeddedServers first = EmbeddedServers.start(onlyRedis)) {
            assertThatThrownBy(() -> EmbeddedServers.start(onlyRedis))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already used");
            String pong = redis(first.redisUrl(), redis -> redis.sync().ping());
            assertThat(pong).isEqualTo("PONG");
            assertThatThrownBy(first::jdbcUrl).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void startsNothingWhenBothServersAreExternal() {
        ServersWanted external = new ServersWanted(dataDir, false, false, MAX_MEMORY.toBytes());
        try (EmbeddedServers servers = EmbeddedServers.start(external)) {
            assertThatThrownBy(servers::redisUrl).isInstanceOf(IllegalStateException.class);
        }
        assertThat(dataDir.resolve("redis")).doesNotExist();
    }

    // --- what the tests write and read back

    /** The getters the tests need, for servers started here or in another JVM. */
    record EmbeddedServersView(String redisUrl, String jdbcUrl) {}

    private static void writeSomething(EmbeddedServers servers) throws SQLException {
        writeSomething(new EmbeddedServersView(servers.redisUrl(), servers.jdbcUrl()));
    }

    private static void writeSomething(EmbeddedServersView servers) throws SQLException {
        redis(servers.redisUrl(), redis -> redis.sync().set("packet:1", "8.88"));
        try (Connection db = DriverManager.getConnection(servers.jdbcUrl(), "root", "")) {
            execute(db, "CREATE TABLE packet (id BIGINT PRIMARY KEY, amount DECIMAL(10, 2))");
            execute(db, "INSERT INTO packet VALUES (1, 8.88)");
        }
    }

    private static void assertSomethingIsThere(EmbeddedServers servers) throws SQLException {
        String amount = redis(servers.redisUrl(), redis -> redis.sync().get("packet:1"));
        assertThat(amount).isEqualTo("8.88");
        try (Connection db = connect(servers)) {
            assertThat(queryString(db, "SELECT amount FROM packet WHERE id = 1"))
                    .isEqualTo("8.88");
        }
    }

    // --- helpers

    private static ServersWanted bothEmbedded(Path dataDir) {
        return ServersWanted.both(dataDir, MAX_MEMORY.toBytes());
    }

    private static <T> T redis(String url, Function<StatefulRedisConnection<String, String>, T> work) {
        RedisClient client = RedisClient.create(url);
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return work.apply(connection);
        } finally {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    private static Connection connect(EmbeddedServers servers) throws SQLException {
        return DriverManager.getConnection(servers.jdbcUrl(), servers.dbUser(), servers.dbPassword());
    }

    private static void execute(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String queryString(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).as("a row for %s", sql).isTrue();
            return rows.getString(1);
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Failsafe runs the tests from a manifest-only jar; it keeps the real class path in this property. */
    private static String testClassPath() {
        return Optional.ofNullable(System.getProperty("surefire.test.class.path"))
                .filter(path -> !path.isBlank())
                .orElse(System.getProperty("java.class.path"));
    }

    private static List<String> awaitReady(Process child, Path readyFile) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(readyFile)) {
                List<String> lines = Files.readAllLines(readyFile, StandardCharsets.UTF_8);
                if (lines.size() == 2) {
                    return lines;
                }
            }
            assertThat(child.isAlive())
                    .as("the child JVM is running (see child.log)")
                    .isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("the child JVM did not start its servers in time");
    }

    private static long pidIn(Path pidFile) throws Exception {
        return Long.parseLong(Files.readString(pidFile).trim());
    }

    private static boolean isAlive(long pid) {
        return ProcessDescription.of(pid).isPresent();
    }

    /** Run in a child JVM: starts servers on a folder, says where they are, then waits to be killed. */
    static final class ServersInAnotherJvm {
        public static void main(String[] args) throws Exception {
            EmbeddedServers servers = EmbeddedServers.start(bothEmbedded(Path.of(args[0])));
            Path ready = Path.of(args[1]);
            Path partial = new File(ready + ".partial").toPath();
            Files.write(partial, List.of(servers.redisUrl(), servers.jdbcUrl()), StandardCharsets.UTF_8);
            Files.move(partial, ready);
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
