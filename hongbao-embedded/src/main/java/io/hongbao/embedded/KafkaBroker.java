package io.hongbao.embedded;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker (KRaft, broker and controller in one process) as a JVM of its own, for the money events (ADR
 * 0096): the service's tests and {@code bench http --also-events local} start it. It names no Kafka class: the caller
 * brings the Kafka server jars ({@link KafkaJars}), so this module, on the service's runtime classpath, adds none of
 * them there. {@link #stop()} and {@link #start()} take it away and bring it back on the same port with the same data,
 * as a broker outage does.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Duration START_LIMIT = Duration.ofSeconds(90);

    private final Path folder;
    private final List<String> jvmOptions;
    private final KafkaJars jars;
    private final int port;
    private final int controllerPort;
    private Process process;

    private KafkaBroker(Path folder, List<String> jvmOptions, KafkaJars jars) {
        this.folder = folder.toAbsolutePath();
        this.jvmOptions = List.copyOf(jvmOptions);
        this.jars = jars;
        this.port = FreePort.pick();
        this.controllerPort = FreePort.pick();
    }

    /**
     * Formats a new broker's storage in {@code folder} (its data, configuration and {@code broker.log}) and starts it.
     *
     * @param jvmOptions the broker JVM's options, heap and compilers: a test's broker serves thousands of records, a
     *     benchmark's millions
     */
    public static KafkaBroker startIn(Path folder, List<String> jvmOptions, KafkaJars jars)
            throws IOException, InterruptedException {
        KafkaBroker broker = new KafkaBroker(folder, jvmOptions, jars);
        broker.format();
        broker.start();
        return broker;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** The broker JVM's process id, to charge its CPU to; -1 while it is stopped. */
    public synchronized long pid() {
        return process != null && process.isAlive() ? process.pid() : -1;
    }

    /** Starts the broker (again) and returns once it accepts connections. */
    public synchronized void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            return;
        }
        long begin = System.nanoTime();
        process = java("kafka.Kafka", folder.resolve("server.properties").toString())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        folder.resolve("broker.log").toFile()))
                .start();
        Instant deadline = Instant.now().plus(START_LIMIT);
        while (!accepts()) {
            if (!process.isAlive() || Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the Kafka broker did not start; see " + folder.resolve("broker.log"));
            }
            Thread.sleep(100);
        }
        System.out.printf(
                "KafkaBroker: up in %d ms on %s%n", (System.nanoTime() - begin) / 1_000_000, bootstrapServers());
    }

    /** SIGKILL: the broker is gone at once, as a crashed one is; its data stays for {@link #start()}. */
    public synchronized void stop() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            process = null;
        }
    }

    /** Stops the broker for good; its data stays in the folder. */
    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private void format() throws IOException, InterruptedException {
        Files.createDirectories(folder.resolve("data"));
        Files.writeString(folder.resolve("server.properties"), KafkaBrokerSettings.of(port, controllerPort, folder));
        Files.writeString(
                folder.resolve("logback.xml"),
                "<configuration><appender name=\"out\" class=\"ch.qos.logback.core.ConsoleAppender\"><encoder>"
                        + "<pattern>%d %-5level %logger{20} %msg%n</pattern></encoder></appender>"
                        + "<root level=\"WARN\"><appender-ref ref=\"out\"/></root></configuration>\n");
        Process formatting = java(
                        "kafka.tools.StorageTool",
                        "format",
                        "-t",
                        clusterId(),
                        "-c",
                        folder.resolve("server.properties").toString())
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        folder.resolve("format.log").toFile()))
                .start();
        if (!formatting.waitFor(120, TimeUnit.SECONDS) || formatting.exitValue() != 0) {
            throw new IllegalStateException("formatting the Kafka storage failed; see " + folder.resolve("format.log"));
        }
    }

    private ProcessBuilder java(String mainClass, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-Dlogback.configurationFile=" + folder.resolve("logback.xml"));
        command.addAll(jars.launch(mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    /** Kafka's cluster id: 16 bytes, base64url without padding. */
    private static String clusterId() {
        UUID uuid = UUID.randomUUID();
        ByteBuffer bytes = ByteBuffer.allocate(16);
        bytes.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }
}
