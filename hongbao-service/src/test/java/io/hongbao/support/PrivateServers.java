package io.hongbao.support;

import io.hongbao.embedded.EmbeddedServers;
import io.hongbao.embedded.ServersWanted;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.mariadb.jdbc.MariaDbDataSource;
import org.springframework.util.unit.DataSize;

/**
 * A Redis and a MariaDB of a test's own, for fault tests that kill or freeze them: started the way the service starts
 * its embedded servers (Redis with {@code appendonly yes} and {@code appendfsync always}, MariaDB flushing every
 * commit), each on a free port with its data under {@code folder}, whatever the test mode.
 * The machine's own servers are never touched. A {@link ServiceProcess} reaches them through {@link #serviceEnv()}.
 */
public final class PrivateServers implements AutoCloseable {

    private final EmbeddedServers servers;
    private final KillableServer redis;
    private final KillableServer mariaDb;

    private PrivateServers(EmbeddedServers servers, KillableServer redis, KillableServer mariaDb) {
        this.servers = servers;
        this.redis = redis;
        this.mariaDb = mariaDb;
    }

    public static PrivateServers start(Path folder) throws IOException {
        long begin = System.nanoTime();
        EmbeddedServers servers = EmbeddedServers.start(
                ServersWanted.both(folder, DataSize.ofGigabytes(1).toBytes()));
        // In the test's output file: where a slow test's minutes went.
        System.out.printf(
                "PrivateServers: up in %d ms (%s)%n", (System.nanoTime() - begin) / 1_000_000, folder.getFileName());
        try {
            int redisPort = URI.create(servers.redisUrl()).getPort();
            String jdbcUrl = servers.jdbcUrl();
            Path redisFolder = folder.resolve("redis").toRealPath();
            // redis-server rewrites its command line (its process title): its binary and configuration file instead
            KillableServer redis = KillableServer.adopt(
                    "redis-server",
                    redisFolder,
                    (executable, title) -> List.of(
                            executable.toString(),
                            redisFolder.resolve("redis.conf").toString()),
                    folder.resolve("redis").resolve("restarted.log"),
                    () -> answersPong(redis(redisPort)));
            KillableServer mariaDb = KillableServer.adopt(
                    "mariadbd",
                    folder.resolve("mariadb"),
                    KillableServer.SAME_COMMAND_LINE,
                    folder.resolve("mariadb").resolve("restarted.log"),
                    () -> answersQuery(jdbcUrl));
            return new PrivateServers(servers, redis, mariaDb);
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
    }

    public KillableServer redis() {
        return redis;
    }

    public KillableServer mariaDb() {
        return mariaDb;
    }

    public String redisUrl() {
        return servers.redisUrl();
    }

    public String jdbcUrl() {
        return servers.jdbcUrl();
    }

    /**
     * Writes {@code count} keys of nobody's into Redis, one command each, the way a Redis in service holds much more
     * than one test's packets: a restart then spends seconds loading its append-only file, while clients can already
     * connect and are answered {@code -LOADING}.
     */
    public void fillRedis(int count) throws Exception {
        RedisClient client = RedisClient.create(servers.redisUrl());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            List<RedisFuture<String>> sent = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                sent.add(connection.async().set("filler:" + i, "x"));
                if (sent.size() == 10_000 || i == count - 1) {
                    for (RedisFuture<String> reply : sent) {
                        reply.get();
                    }
                    sent.clear();
                }
            }
        } finally {
            client.shutdown();
        }
    }

    /** What a {@link ServiceProcess} needs to use these servers instead of starting its own. */
    public Map<String, String> serviceEnv() {
        return Map.of(
                "HONGBAO_REDIS_URL", servers.redisUrl(),
                "HONGBAO_DB_URL", servers.jdbcUrl(),
                "HONGBAO_DB_USER", servers.dbUser(),
                "HONGBAO_DB_PASSWORD", servers.dbPassword());
    }

    /** The service's database, for the test's own reads. */
    public DataSource dataSource() {
        return dataSource(servers.jdbcUrl());
    }

    /** A database on a private server (as root, no password, as they are started), for the test's own reads. */
    public static DataSource dataSource(String jdbcUrl) {
        try {
            MariaDbDataSource source = new MariaDbDataSource(jdbcUrl);
            source.setUser("root");
            source.setPassword("");
            return source;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Restarted servers first (ours to stop), then what {@link EmbeddedServers} started. Never throws. */
    @Override
    public void close() {
        mariaDb.close();
        redis.close();
        servers.close();
    }

    private static InetSocketAddress redis(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }

    /** False while Redis still loads its append-only file (it answers -LOADING then). */
    private static boolean answersPong(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(address, 1000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            return "+PONG".equals(in.readLine());
        } catch (IOException notYet) {
            return false;
        }
    }

    private static boolean answersQuery(String jdbcUrl) {
        Properties properties = new Properties();
        properties.setProperty("user", "root");
        properties.setProperty("password", "");
        properties.setProperty("connectTimeout", "1000");
        try (Connection db = DriverManager.getConnection(jdbcUrl, properties);
                var sql = db.createStatement()) {
            return sql.execute("SELECT 1");
        } catch (SQLException notYet) {
            return false;
        }
    }
}
