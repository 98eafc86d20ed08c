package io.hongbao.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker (KRaft, broker and controller in one process) as a JVM of its own, started from the Kafka jars on
 * the test classpath, for the tests of the money events (ADR 0096). One per test JVM ({@link #shared()}), started on
 * first use and stopped when the JVM ends: a broker's start costs some seconds of CI's two cores. {@link #stop()} and
 * {@link #start()} take it away and bring it back on the same port with the same data, as a broker outage does.
 */
public final class KafkaBroker {

    private static KafkaBroker shared;

    private final Path folder;
    private final int port;
    private final int controllerPort;
    private Process process;

    private KafkaBroker(Path folder, int port, int controllerPort) {
        this.folder = folder;
        this.port = port;
        this.controllerPort = controllerPort;
    }

    /** The test JVM's broker, formatted and started on first use. */
    public static synchronized KafkaBroker shared() throws IOException, InterruptedException {
        if (shared == null) {
            Path folder =
                    Path.of("target", "kafka", UUID.randomUUID().toString()).toAbsolutePath();
            KafkaBroker broker = new KafkaBroker(folder, freePort(), freePort());
            broker.format();
            broker.start();
            Runtime.getRuntime().addShutdownHook(new Thread(broker::kill));
            shared = broker;
        }
        return shared;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
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
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
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

    private void kill() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private void format() throws IOException, InterruptedException {
        Files.createDirectories(folder.resolve("data"));
        Files.writeString(
                folder.resolve("server.properties"),
                String.join(
                                "\n",
                                "process.roles=broker,controller",
                                "node.id=1",
                                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                                "controller.listener.names=CONTROLLER",
                                "inter.broker.listener.name=PLAINTEXT",
                                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                                "log.dirs=" + folder.resolve("data"),
                                // The topic of the money events is created on first use, its partitions this many:
                                // enough
                                // that accounts spread over several, so the order the tests check is per partition, not
                                // global.
                                "auto.create.topics.enable=true",
                                "num.partitions=4",
                                "offsets.topic.replication.factor=1",
                                "offsets.topic.num.partitions=1",
                                "transaction.state.log.replication.factor=1",
                                "transaction.state.log.min.isr=1",
                                "group.initial.rebalance.delay.ms=0",
                                "")
                        + "\n");
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
        List<String> command = new ArrayList<>(List.of(
                java,
                "-Xmx384m",
                // C1 only: the broker lives for a test class and serves thousands of records, not millions.
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Dlogback.configurationFile=" + folder.resolve("logback.xml"),
                "-cp",
                classpath(),
                mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    /** Surefire and failsafe start the tests from a manifest-only jar and say the real classpath here. */
    private static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** Kafka's cluster id: 16 bytes, base64url without padding. */
    private static String clusterId() {
        UUID uuid = UUID.randomUUID();
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(16);
        bytes.putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes.array());
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
