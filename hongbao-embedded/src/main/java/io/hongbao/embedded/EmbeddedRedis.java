package io.hongbao.embedded;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.core.ExecutableProvider;

/**
 * A real redis-server, the binary shipped in embedded-redis, on a free loopback port, keeping its data in one folder
 * with the durability docs/design.md asks for: every write fsynced to the append-only file before it is acknowledged,
 * and never an eviction. Restarting on the same folder reloads the append-only file, so nothing is lost.
 *
 * <p>We run the process ourselves rather than through embedded-redis's {@code RedisServer}: that one writes its
 * configuration to a temporary file, closes the server's output after the first lines (later log lines are lost)
 * and does not tell the pid, which {@link OrphanedServer} needs after a {@code kill -9}.
 */
final class EmbeddedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);

    static final String PROGRAM_NAME = "redis-server";
    static final String PID_FILE = "redis-server.pid";
    private static final String CONFIG_FILE = "redis.conf";
    private static final String LOG_FILE = "redis.log";

    /** Loading a large append-only file at start takes a while; the server answers LOADING until done. */
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(5);
    /** SIGTERM makes Redis fsync and close the append-only file; that is quick. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private static final int BIND_ATTEMPTS = 3;

    private final Process process;
    private final int port;
    private final Path folder;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedRedis(Process process, int port, Path folder) {
        this.process = process;
        this.port = port;
        this.folder = folder;
    }

    /**
     * @param folder where Redis keeps its files; created if missing
     * @param maxMemory its maxmemory in bytes
     */
    static EmbeddedRedis start(Path folder, long maxMemory) {
        long startNanos = System.nanoTime();
        try {
            Files.createDirectories(folder);
            Path realFolder = folder.toRealPath();
            OrphanedServer.stopIfLeftRunning(
                    realFolder.resolve(PID_FILE), new ServerFingerprint(PROGRAM_NAME, realFolder), STOP_GRACE);
            File binary = ExecutableProvider.newJarResourceProvider(
                            Files.createDirectories(realFolder.resolve("bin")).toFile())
                    .get();
            for (int attempt = 1; ; attempt++) {
                int port = FreePort.pick();
                Process process = launch(binary, realFolder, port, maxMemory);
                try {
                    awaitReady(process, port, realFolder);
                } catch (PortTakenException e) {
                    if (attempt < BIND_ATTEMPTS) {
                        log.debug("Port {} was taken before Redis could bind it; trying another", port);
                        continue;
                    }
                    throw new IllegalStateException("Redis could not bind a free port", e);
                } catch (RuntimeException e) {
                    process.destroyForcibly();
                    throw e;
                }
                log.info(
                        "Embedded Redis ready on 127.0.0.1:{}, data in {} (started in {} ms)",
                        port,
                        realFolder,
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos));
                return new EmbeddedRedis(process, port, realFolder);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded Redis in " + folder, e);
        }
    }

    int port() {
        return port;
    }

    String url() {
        return "redis://127.0.0.1:" + port;
    }

    private static Process launch(File binary, Path folder, int port, long maxMemory) throws IOException {
        Path config = folder.resolve(CONFIG_FILE);
        Files.writeString(config, EmbeddedRedisConfig.text(folder, port, maxMemory), StandardCharsets.UTF_8);
        Process process = ProcessStarts.start(new ProcessBuilder(List.of(binary.getAbsolutePath(), config.toString()))
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        folder.resolve(LOG_FILE).toFile())));
        // written at once, before Redis even reads its configuration: a kill -9 of this JVM from now on leaves a
        // pid file naming the orphan
        Files.writeString(folder.resolve(PID_FILE), Long.toString(process.pid()), StandardCharsets.UTF_8);
        return process;
    }

    private static void awaitReady(Process process, int port, Path folder) throws PortTakenException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                String logTail = logTail(folder);
                if (logTail.contains("Address already in use")) {
                    throw new PortTakenException();
                }
                throw new IllegalStateException("The embedded Redis exited with code " + process.exitValue()
                        + "; its log ends with:\n" + logTail);
            }
            if (answersPong(port)) {
                return;
            }
            sleep(Duration.ofMillis(20));
        }
        throw new IllegalStateException("The embedded Redis was not ready within " + READY_TIMEOUT.toSeconds()
                + " s; its log ends with:\n" + logTail(folder));
    }

    /** False while Redis is still starting or still loading its data (it answers -LOADING then). */
    private static boolean answersPong(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
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

    private static String logTail(Path folder) {
        try {
            List<String> lines = Files.readAllLines(folder.resolve(LOG_FILE), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Stops the server the way SHUTDOWN does (SIGTERM: fsync and close the append-only file). Never throws. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        stopProcess();
        deletePidFileIfOurs();
        log.info("Embedded Redis on port {} stopped", port);
    }

    private void stopProcess() {
        try {
            if (!process.isAlive()) {
                return;
            }
            process.destroy();
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn(
                        "Embedded Redis (pid {}) did not stop within {} s: killing it",
                        process.pid(),
                        STOP_GRACE.toSeconds());
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        } catch (RuntimeException e) {
            log.warn("Could not stop the embedded Redis (pid {})", process.pid(), e);
        }
    }

    /** A later server on the folder may have written its own pid there (after treating ours as an orphan). */
    private void deletePidFileIfOurs() {
        Path pidFile = folder.resolve(PID_FILE);
        try {
            if (OrphanedServer.readPid(pidFile).map(pid -> pid == process.pid()).orElse(false)) {
                Files.deleteIfExists(pidFile);
            }
        } catch (IOException e) {
            log.debug("Could not delete {}", pidFile, e);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the embedded Redis", e);
        }
    }

    /** The free port we picked was taken by someone else before Redis bound it. */
    private static final class PortTakenException extends Exception {
        PortTakenException() {
            super(null, null, false, false);
        }
    }
}
