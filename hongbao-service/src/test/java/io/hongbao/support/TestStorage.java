package io.hongbao.support;

import io.lettuce.core.RedisClient;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Where integration tests keep their state. By default the service under test starts its own embedded Redis and
 * MariaDB in a fresh folder under target/. With {@code -Dhongbao.test.mode=external} (CI does this when the machine's
 * own servers answer) it uses Redis :6379 and MariaDB :3306, a database of each per test JVM (below), wiped once per
 * run.
 */
public final class TestStorage {

    /**
     * The tag of the tests whose servers are this class's: the embedded ones by default, the machine's in external
     * mode. CI's external pass runs these alone: a test that starts servers of its own runs the same in both modes
     * (ADR 0069), so it runs once.
     */
    public static final String TAG = "test-storage";

    /**
     * The tag of a test that extends the shared context (for its tokens and secret) while what it checks runs on
     * servers of its own ({@code PrivateServers}): it runs the same in both modes, so CI's external pass leaves it out.
     */
    public static final String OWN_SERVERS = "own-servers";

    /**
     * The tag of a test on the shared servers whose subject does not depend on which servers they are: the edge's
     * refusals, answered before any store is touched, and a simulated campaign whose scripts and statements the other
     * lottery tests run in both modes. CI's external pass leaves it out: run again there, it checks nothing new.
     */
    public static final String SERVER_INDEPENDENT = "server-independent";

    // Overridable (-Dhongbao.test.redis-url=..., -Dhongbao.test.db-name=...) so several worktrees can run their
    // external integration tests on one machine at once without wiping each other's data.
    //
    // The integration tests run in several JVMs at once (failsafe's forks); each wipes and uses a Redis database and a
    // MariaDB database of its own on the machine's servers: fork 1 Redis database 15 and hongbao_it1, fork 2 Redis
    // database 14 and hongbao_it2, and so on.
    private static final int FORK = Integer.parseInt(System.getProperty("hongbao.test.fork", "1"));

    public static final String EXTERNAL_REDIS =
            System.getProperty("hongbao.test.redis-url", "redis://127.0.0.1:6379/" + (16 - FORK));
    public static final String EXTERNAL_DB_SERVER = "jdbc:mariadb://127.0.0.1:3306/";
    public static final String EXTERNAL_DB = System.getProperty("hongbao.test.db-name", "hongbao_it") + FORK;

    private static final Path RUN_DATA_DIR =
            Path.of("target", "it-data", UUID.randomUUID().toString());
    private static boolean externalWiped;

    private TestStorage() {}

    public static boolean external() {
        return "external".equals(System.getProperty("hongbao.test.mode"));
    }

    public static Path runDataDir() {
        return RUN_DATA_DIR;
    }

    public static void register(DynamicPropertyRegistry registry) {
        register(registry, RUN_DATA_DIR);
    }

    /**
     * For a second application context in the same run: embedded servers need a data folder of their own (one process
     * runs them on a folder), the external ones are shared.
     */
    public static void register(DynamicPropertyRegistry registry, Path dataDir) {
        registry.add("hongbao.data-dir", dataDir::toString);
        if (external()) {
            wipeExternalOnce();
            registry.add("hongbao.redis.url", () -> EXTERNAL_REDIS);
            registry.add("hongbao.db.url", () -> EXTERNAL_DB_SERVER + EXTERNAL_DB + "?createDatabaseIfNotExist=true");
            registry.add("hongbao.db.user", () -> "root");
            registry.add("hongbao.db.password", () -> "");
        }
    }

    private static synchronized void wipeExternalOnce() {
        if (externalWiped) {
            return;
        }
        try (Connection db = DriverManager.getConnection(EXTERNAL_DB_SERVER, "root", "");
                Statement sql = db.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + EXTERNAL_DB);
        } catch (SQLException e) {
            throw new IllegalStateException("external MariaDB is not reachable", e);
        }
        RedisClient redis = RedisClient.create(EXTERNAL_REDIS);
        try (var connection = redis.connect()) {
            connection.sync().flushdb();
        } finally {
            redis.shutdown();
        }
        externalWiped = true;
    }
}
