package io.hongbao.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real HAProxy on loopback in front of service instances, configured as {@code scripts/cluster.sh} configures the
 * topology's: least outstanding requests, readiness checks once a second and half a second after a failed one, two
 * failures take an instance out and two successes put it back, a request that could not connect is sent to another
 * instance. Its statistics say what it thinks of each instance ({@link #status}).
 */
public final class Balancer implements AutoCloseable {

    private static final Duration CHECK_EVERY = Duration.ofSeconds(1);
    private static final Duration CHECK_AFTER_A_FAILURE = Duration.ofMillis(500);
    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(1);

    /**
     * The configuration's bound for an instance that stops answering (two failed checks take it out): the check that
     * finds it stopped starts within one interval and waits out its timeout, and the second comes one short interval
     * later. Up to the first failure, HAProxy may still send it requests.
     */
    public static final Duration TAKES_A_DEAD_INSTANCE_OUT_WITHIN =
            CHECK_EVERY.plus(CHECK_TIMEOUT).plus(CHECK_AFTER_A_FAILURE);

    private final Process process;
    private final int port;
    private final int statsPort;

    private Balancer(Process process, int port, int statsPort) {
        this.process = process;
        this.port = port;
        this.statsPort = statsPort;
    }

    /** Skips the test when haproxy is not installed (CI installs it: .ci/run). */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(
                program().isPresent(), "haproxy is not installed (apt-get install haproxy): test skipped");
    }

    /** Starts HAProxy for the instances on {@code ports} (server {@code instance-<i>} for the i-th) and waits until it
     * sees all of them UP. */
    public static Balancer start(Path folder, List<Integer> ports) throws IOException {
        assumeInstalled();
        Files.createDirectories(folder);
        int port = freePort();
        int statsPort = freePort();
        StringBuilder servers = new StringBuilder();
        for (int i = 0; i < ports.size(); i++) {
            servers.append("    server instance-%d 127.0.0.1:%d check\n".formatted(i, ports.get(i)));
        }
        Path config = folder.resolve("haproxy.cfg");
        Files.writeString(config, """
                global
                    maxconn 4000
                defaults
                    mode http
                    option http-keep-alive
                    timeout connect 2s
                    timeout client 60s
                    timeout server 30s
                    timeout http-keep-alive 60s
                    retries 2
                    option redispatch 1
                    retry-on conn-failure
                frontend hongbao
                    bind 127.0.0.1:%d
                    option forwardfor
                    default_backend instances
                backend instances
                    balance leastconn
                    option httpchk GET /actuator/health/readiness
                    http-check expect status 200
                    timeout check %dms
                    default-server inter %dms fastinter %dms fall 2 rise 2
                %slisten stats
                    bind 127.0.0.1:%d
                    stats enable
                    stats uri /stats
                """.formatted(
                        port,
                        CHECK_TIMEOUT.toMillis(),
                        CHECK_EVERY.toMillis(),
                        CHECK_AFTER_A_FAILURE.toMillis(),
                        servers,
                        statsPort));
        Process process = new ProcessBuilder(program().orElseThrow().toString(), "-db", "-f", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(folder.resolve("haproxy.log").toFile())
                .start();
        Balancer balancer = new Balancer(process, port, statsPort);
        try {
            for (int i = 0; i < ports.size(); i++) {
                balancer.awaitStatus(i, "UP", Duration.ofSeconds(30));
            }
            return balancer;
        } catch (RuntimeException | InterruptedException e) {
            balancer.close();
            throw new IllegalStateException("HAProxy did not see every instance UP", e);
        }
    }

    /** Where clients send their requests. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * Waits until HAProxy reports instance {@code index} in {@code status} ("UP", "DOWN"; a state in transition such
     * as "UP 1/2" is neither) and returns how long that took.
     */
    public Duration awaitStatus(int index, String status, Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        while (!status.equals(stats(index).get("status"))) {
            if (System.nanoTime() - start > limit.toNanos()) {
                throw new IllegalStateException("HAProxy did not see instance " + index + " " + status + " within "
                        + limit + ": " + stats(index));
            }
            Thread.sleep(50);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** Instance {@code index}'s status now ("UP", "DOWN", "UP 1/2", ...). */
    public String status(int index) {
        return stats(index).getOrDefault("status", "unknown");
    }

    /** How many of its checks failed so far, and how many times it was taken out. */
    public String checkFailures(int index) {
        Map<String, String> row = stats(index);
        return "checks failed " + row.get("chkfail") + ", taken out " + row.get("chkdown") + " times";
    }

    public long failedChecks(int index) {
        return Long.parseLong(stats(index).getOrDefault("chkfail", "-1"));
    }

    private Map<String, String> stats(int index) {
        return serverStats(statsPort, "instance-" + index);
    }

    /**
     * Server {@code server}'s row of backend {@code instances} in the CSV statistics HAProxy serves on
     * {@code 127.0.0.1:<statsPort>/stats} (status, chkfail, chkdown, stot); a "no answer" status when it does not answer.
     */
    public static Map<String, String> serverStats(int statsPort, String server) {
        String csv;
        try (Socket socket = new Socket("127.0.0.1", statsPort)) {
            socket.getOutputStream()
                    .write("GET /stats;csv HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            csv = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return Map.of("status", "no answer: " + e);
        }
        List<String> lines = csv.lines().toList();
        List<String> header = lines.stream()
                .filter(line -> line.startsWith("# "))
                .findFirst()
                .map(line -> Arrays.asList(line.substring(2).split(",", -1)))
                .orElse(List.of());
        Map<String, String> row = new HashMap<>();
        lines.stream()
                .filter(line -> line.startsWith("instances," + server + ","))
                .findFirst()
                .ifPresent(line -> {
                    String[] values = line.split(",", -1);
                    for (String column : List.of("status", "chkfail", "chkdown", "stot")) {
                        int at = header.indexOf(column);
                        if (at >= 0 && at < values.length) {
                            row.put(column, values[at]);
                        }
                    }
                });
        return row;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The haproxy executable on the PATH, if any. */
    public static Optional<Path> program() {
        return Stream.of(Optional.ofNullable(System.getenv("PATH")).orElse("").split(":"))
                .filter(folder -> !folder.isBlank())
                .map(folder -> Path.of(folder, "haproxy"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
