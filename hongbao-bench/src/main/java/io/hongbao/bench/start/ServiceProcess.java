package io.hongbao.bench.start;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One start of the service as a child process, its output in a log of its own, timed from the moment the process is
 * started. Unlike {@code bench http}'s {@code ChildJvm} it does not wait for the service inside {@code start}: the
 * caller times readiness ({@link #awaitReady}), and a service that never gets there is a result, not an exception.
 */
public final class ServiceProcess implements AutoCloseable {

    static final String READINESS = "/actuator/health/readiness";
    /** SIGTERM drains for {@code hongbao.shutdown.drain-for}, then stops the workers, the pools and the servers. */
    private static final Duration STOP_LIMIT = Duration.ofMinutes(2);

    private final Process process;
    private final int port;
    private final Path log;
    private final long startNanos;

    private ServiceProcess(Process process, int port, Path log, long startNanos) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.startNanos = startNanos;
    }

    /**
     * Starts {@code command} in {@code folder} with the bench's environment less its {@code HONGBAO_*},
     * {@code SPRING_*} and {@code SERVER_*} variables, plus {@code env}.
     *
     * @param port the port the command makes the service listen on
     */
    public static ServiceProcess launch(List<String> command, Map<String, String> env, Path folder, Path log, int port)
            throws IOException {
        Files.createDirectories(folder);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment()
                .keySet()
                .removeIf(key -> key.startsWith("HONGBAO_") || key.startsWith("SPRING_") || key.startsWith("SERVER_"));
        builder.environment().putAll(env);
        long startNanos = System.nanoTime();
        return new ServiceProcess(builder.start(), port, log, startNanos);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    /**
     * Asks {@code GET /actuator/health/readiness} every {@code poll} until it answers 200, the process exits or
     * {@code limit} passes since the launch.
     */
    public Readiness awaitReady(Duration limit, Duration poll) throws InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest readiness = HttpRequest.newBuilder(URI.create(baseUrl() + READINESS))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = startNanos + limit.toNanos();
        for (long tick = 1; System.nanoTime() < deadline; tick++) {
            if (!process.isAlive()) {
                return Readiness.failed("exited with " + process.exitValue() + " before it was ready");
            }
            try {
                if (http.send(readiness, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return Readiness.up((System.nanoTime() - startNanos) / 1e9);
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            long sleep = startNanos + tick * poll.toNanos() - System.nanoTime();
            if (sleep > 0) {
                TimeUnit.NANOSECONDS.sleep(sleep);
            }
        }
        return Readiness.failed("not ready within " + limit.toSeconds() + " s");
    }

    public double rssMegabytes() {
        return ResidentMemory.megabytes(process.pid());
    }

    /** The log so far (empty when unreadable). */
    public String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** The log's last {@code lines} lines. */
    public List<String> logTail(int lines) {
        List<String> all = logText().lines().toList();
        return all.subList(Math.max(0, all.size() - lines), all.size());
    }

    /**
     * SIGTERM, and waits for the exit: the service stops its embedded servers itself. Should it not exit within
     * {@link #STOP_LIMIT}, it is killed, and so is whatever it had started (its Redis and MariaDB) that still runs.
     *
     * @return seconds from SIGTERM to the exit, or NaN when it had to be killed (or had exited already)
     */
    public double stop() throws InterruptedException {
        if (!process.isAlive()) {
            return Double.NaN;
        }
        List<ProcessHandle> started = process.descendants().toList();
        long signalled = System.nanoTime();
        process.destroy();
        boolean exited = process.waitFor(STOP_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        double seconds = (System.nanoTime() - signalled) / 1e9;
        if (!exited) {
            System.err.printf("pid %d did not stop within %d s of SIGTERM: killed%n", pid(), STOP_LIMIT.toSeconds());
            process.destroyForcibly().waitFor();
        }
        for (ProcessHandle child : started) {
            if (child.isAlive()) {
                System.err.printf("pid %d (started by %d) outlived it: killed%n", child.pid(), pid());
                child.destroyForcibly();
                for (int wait = 0; wait < 100 && child.isAlive(); wait++) {
                    Thread.sleep(100);
                }
            }
        }
        return exited ? seconds : Double.NaN;
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    /**
     * @param seconds from the launch to the first 200 of the readiness probe; NaN when it never answered 200
     * @param failure why not, or null
     */
    public record Readiness(double seconds, String failure) {

        static Readiness up(double seconds) {
            return new Readiness(seconds, null);
        }

        static Readiness failed(String why) {
            return new Readiness(Double.NaN, why);
        }

        public boolean ok() {
            return failure == null;
        }
    }
}
