package io.hongbao.support;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A replica of a test's own Redis: the machine's {@code /usr/bin/redis-server} on a free loopback port, replicating
 * the given primary ({@code replicaof}) from an empty data folder, which the test may stall ({@code SIGSTOP}) like a
 * replica in a long pause. Tests that need one skip where that binary is absent ({@link #available()}).
 */
public final class RedisReplica implements AutoCloseable {

    public static final Path SERVER = Path.of("/usr/bin/redis-server");
    private static final Duration SYNC_TIMEOUT = Duration.ofMinutes(1);

    private final Process process;
    private final KillableServer server;
    private final int port;

    private RedisReplica(Process process, KillableServer server, int port) {
        this.process = process;
        this.server = server;
        this.port = port;
    }

    public static boolean available() {
        return Files.isExecutable(SERVER);
    }

    /** Starts the replica and returns once its link to the primary is up (the initial sync done). */
    public static RedisReplica start(Path folder, String primaryUrl) throws IOException {
        Files.createDirectories(folder);
        Path dir = folder.toRealPath();
        URI primary = URI.create(primaryUrl);
        int port = freePort();
        List<String> command = List.of(
                SERVER.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                dir.toString(),
                "--logfile",
                dir.resolve("redis.log").toString(),
                "--replicaof",
                primary.getHost(),
                Integer.toString(primary.getPort()),
                "--save",
                "",
                "--appendonly",
                "no");
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .start();
        RedisReplica replica = new RedisReplica(
                process, KillableServer.started("redis-server", process, command, dir, () -> true), port);
        try {
            replica.awaitLinkUp();
            return replica;
        } catch (RuntimeException e) {
            replica.close();
            throw e;
        }
    }

    /** SIGSTOP: it keeps its link to the primary and acknowledges nothing until {@link #resume()}. */
    public void stall() {
        server.stall();
    }

    public void resume() {
        server.resume();
    }

    /** Its own {@code INFO replication}, as the replica reports it. */
    public String replicationInfo() {
        RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", port));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return connection.sync().info("replication");
        } finally {
            client.shutdown();
        }
    }

    private void awaitLinkUp() {
        long deadline = System.nanoTime() + SYNC_TIMEOUT.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the replica exited with " + process.exitValue());
            }
            try {
                if (replicationInfo().contains("master_link_status:up")) {
                    return;
                }
            } catch (RuntimeException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the replica did not sync within " + SYNC_TIMEOUT);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** Wakes it if stalled, then SIGTERM (SIGKILL after 30 s). Never throws. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (RuntimeException e) {
            // already gone
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
