package io.hongbao.bench.chaos;

import io.hongbao.bench.BenchServers;
import io.hongbao.embedded.EmbeddedServers;
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
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The Redis and MariaDB chaos hurts: started as the service starts its embedded ones (Redis with appendfsync always,
 * MariaDB flushing every commit), each on a free port with its data under the run's folder, and adopted as
 * {@link ServerProcess}es.
 */
final class ChaosServers implements AutoCloseable {

    private final EmbeddedServers servers;
    private final ServerProcess redis;
    private final ServerProcess mariaDb;

    private ChaosServers(EmbeddedServers servers, ServerProcess redis, ServerProcess mariaDb) {
        this.servers = servers;
        this.redis = redis;
        this.mariaDb = mariaDb;
    }

    static ChaosServers start(Path folder) throws IOException {
        EmbeddedServers servers = BenchServers.startWhatIsNotGiven(folder, null, null);
        try {
            Path redisFolder = folder.resolve("redis").toRealPath();
            int redisPort = URI.create(servers.redisUrl()).getPort();
            String jdbcUrl = servers.jdbcUrl();
            // redis-server overwrites its command line with its title: start it from its binary and configuration
            ServerProcess redis = ServerProcess.adopt(
                    "redis-server",
                    redisFolder,
                    (executable, title) -> List.of(
                            executable.toString(),
                            redisFolder.resolve("redis.conf").toString()),
                    redisFolder.resolve("restarted.log"),
                    () -> answersPong(redisPort));
            ServerProcess mariaDb = ServerProcess.adopt(
                    "mariadbd",
                    folder.resolve("mariadb"),
                    (executable, commandLine) -> commandLine,
                    folder.resolve("mariadb").resolve("restarted.log"),
                    () -> answersQuery(jdbcUrl));
            return new ChaosServers(servers, redis, mariaDb);
        } catch (IOException | RuntimeException e) {
            servers.close();
            throw e;
        }
    }

    ServerProcess redis() {
        return redis;
    }

    ServerProcess mariaDb() {
        return mariaDb;
    }

    String jdbcUrl() {
        return servers.jdbcUrl();
    }

    Map<String, String> serviceEnv() {
        return Map.of(
                "HONGBAO_REDIS_URL", servers.redisUrl(),
                "HONGBAO_DB_URL", servers.jdbcUrl(),
                "HONGBAO_DB_USER", servers.dbUser(),
                "HONGBAO_DB_PASSWORD", servers.dbPassword());
    }

    @Override
    public void close() throws InterruptedException {
        try {
            mariaDb.close();
            redis.close();
        } finally {
            servers.close();
        }
    }

    /** False while Redis still loads its append-only file (-LOADING). */
    private static boolean answersPong(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return "+PONG"
                    .equals(new BufferedReader(
                                    new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                            .readLine());
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
