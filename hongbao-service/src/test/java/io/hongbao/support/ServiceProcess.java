package io.hongbao.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The service as a separate JVM ({@code target/hongbao-exec.jar}), for tests that restart it or kill it with
 * SIGKILL. It runs in embedded mode on the given data folder unless {@code extraEnv} points it elsewhere.
 */
public final class ServiceProcess implements AutoCloseable {

    /** The build passes it ({@code hongbao.exec-jar}); the service module's own by default. */
    static final Path JAR = Path.of(System.getProperty("hongbao.exec-jar", "target/hongbao-exec.jar"));

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final Process process;
    private final int port;
    private final Duration startedIn;

    private ServiceProcess(Process process, int port, Duration startedIn) {
        this.process = process;
        this.port = port;
        this.startedIn = startedIn;
    }

    /** Starts the service on a free port and returns once {@code /actuator/health} answers UP. */
    public static ServiceProcess start(Path dataDir, Map<String, String> extraEnv) throws IOException {
        return start(dataDir, extraEnv, freePort());
    }

    /**
     * As {@link #start(Path, Map)}, on {@code port}: an instance started again where it died, so that a balancer that
     * knows it by its port puts it back.
     */
    public static ServiceProcess start(Path dataDir, Map<String, String> extraEnv, int port) throws IOException {
        Instant begin = Instant.now();
        ServiceProcess service = new ServiceProcess(launch(dataDir, extraEnv, port), port, null);
        service.awaitUp();
        Duration startedIn = Duration.between(begin, Instant.now());
        // In the test's output file: where a slow test's minutes went.
        System.out.printf("ServiceProcess: UP in %d ms (%s)%n", startedIn.toMillis(), dataDir.getFileName());
        return new ServiceProcess(service.process, port, startedIn);
    }

    /** How a start that was meant to fail ended: the exit code and everything the service printed. */
    public record Exited(int code, String log) {}

    /**
     * Starts the service and waits for it to exit on its own, for configurations it must refuse. Fails if it is still
     * running after {@code limit} (it is then killed).
     */
    public static Exited startExpectingExit(Path dataDir, Map<String, String> extraEnv, Duration limit)
            throws IOException, InterruptedException {
        Process process = launch(dataDir, extraEnv, freePort());
        if (!process.waitFor(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException("the service was still running after " + limit);
        }
        return new Exited(process.exitValue(), Files.readString(dataDir.resolve("service.log")));
    }

    private static Process launch(Path dataDir, Map<String, String> extraEnv, int port) throws IOException {
        if (!Files.exists(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: run the package phase first");
        }
        Files.createDirectories(dataDir);
        ProcessBuilder builder = new ProcessBuilder(command())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dataDir.resolve("service.log").toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("HONGBAO_"));
        env.put("SERVER_PORT", Integer.toString(port));
        env.put("HONGBAO_DATA_DIR", dataDir.toAbsolutePath().toString());
        // No warm-up: these tests start the service again and again and need correctness, not peak speed from the
        // first second; the warm-up (several seconds of a start on a loaded machine) is GrabPathWarmUpIT's and
        // ReadinessIT's. A test that wants it passes HONGBAO_REDPACKET_WARMUP_ENABLED=true.
        env.put("HONGBAO_REDPACKET_WARMUP_ENABLED", "false");
        // No balancer watches these processes: a stop need not keep serving while readiness says 503 first.
        env.put("HONGBAO_SHUTDOWN_DRAINFOR", "0s");
        env.putAll(extraEnv);
        return builder.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Wall-clock time from launching the JVM to health UP. */
    public Duration startedIn() {
        return startedIn;
    }

    public long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown hook runs, the embedded servers are left behind as orphans. */
    public void killHard() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM: Spring closes the pools and stops the embedded servers. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    private void awaitUp() throws IOException {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl() + "/actuator/health"))
                .timeout(Duration.ofSeconds(2))
                .build();
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the service exited with " + process.exitValue());
            }
            try {
                HttpResponse<String> response = client.send(health, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200 && response.body().contains("\"UP\"")) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
            sleep(Duration.ofMillis(100));
        }
        process.destroyForcibly();
        throw new IllegalStateException("the service did not come up within " + START_TIMEOUT);
    }

    private static List<String> command() throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-Xmx512m");
        // The C1 compiler only: these processes live for a minute or a few and serve hundreds of requests, not
        // millions, and on CI's two shared cores what counts is CPU. C2 spends it compiling a start's code for a peak
        // these tests never reach: a start to UP took 13.3-14.1 CPU seconds with both compilers and 7.4-8.5 with C1
        // only (quiet machine, 2 runs each; ADR 0090). -Dhongbao.it.service-jvm-options="..." replaces these options,
        // e.g. with "-XX:TieredStopAtLevel=4" to run a fault test on both compilers.
        for (String option : System.getProperty("hongbao.it.service-jvm-options", "-XX:TieredStopAtLevel=1")
                .trim()
                .split("\\s+")) {
            if (!option.isEmpty()) {
                command.add(option);
            }
        }
        command.addAll(jarArguments());
        return command;
    }

    /**
     * The fast-starting form the build made beside the jar (scripts/class-archive.sh, ADR 0092): the jar extracted and
     * its class-data archive, which take a start's class loading from about 35 to 15 CPU seconds. The jar itself when
     * that form is missing or older than the jar (a build that skipped the step must not test yesterday's classes).
     */
    private static List<String> jarArguments() throws IOException {
        Path folder = Path.of(System.getProperty("hongbao.class-archive-dir", "target/hongbao"));
        Path archive = folder.resolve("hongbao.jsa");
        Path extracted = folder.resolve("hongbao-exec.jar");
        if (Files.exists(archive)
                && Files.exists(extracted)
                && !Files.getLastModifiedTime(archive)
                        .toInstant()
                        .isBefore(Files.getLastModifiedTime(JAR).toInstant())) {
            return List.of(
                    "-XX:SharedArchiveFile=" + archive.toAbsolutePath(),
                    "-jar",
                    extracted.toAbsolutePath().toString());
        }
        return List.of("-jar", JAR.toAbsolutePath().toString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
