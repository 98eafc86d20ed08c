package io.hongbao.bench.http.targets;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A target (the service, a baseline variant of it, or the peer) as a child JVM on a free port, ready once its health URL answers UP. */
public final class ChildJvm implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final String name;
    private final Process process;
    private final int port;

    private ChildJvm(String name, Process process, int port) {
        this.name = name;
        this.process = process;
        this.port = port;
    }

    public static ChildJvm start(
            String name, Path jar, List<String> jvmArgs, Map<String, String> env, String healthPath, Path log)
            throws IOException, InterruptedException {
        return start(
                name,
                List.of(jar),
                jvmArgs,
                List.of("-jar", jar.toAbsolutePath().toString()),
                env,
                healthPath,
                log);
    }

    /**
     * @param files the jars {@code launch} names, checked before starting
     * @param launch what follows the JVM options: {@code -jar app.jar}, or a classpath and a main class
     */
    public static ChildJvm start(
            String name,
            List<Path> files,
            List<String> jvmArgs,
            List<String> launch,
            Map<String, String> env,
            String healthPath,
            Path log)
            throws IOException, InterruptedException {
        return start(name, files, jvmArgs, launch, env, healthPath, log, freePort());
    }

    /** As above, on {@code port}: a target started again after a kill keeps its address. */
    public static ChildJvm start(
            String name,
            List<Path> files,
            List<String> jvmArgs,
            List<String> launch,
            Map<String, String> env,
            String healthPath,
            Path log,
            int port)
            throws IOException, InterruptedException {
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new IllegalStateException(
                        file.toAbsolutePath() + " is missing: run `mvn -B -DskipTests package` first");
            }
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmArgs);
        command.addAll(launch);
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().keySet().removeIf(key -> key.startsWith("HONGBAO_") || key.startsWith("SPRING_"));
        builder.environment().putAll(env);
        builder.environment().put("SERVER_PORT", Integer.toString(port));
        ChildJvm child = new ChildJvm(name, builder.start(), port);
        try {
            child.awaitUp(healthPath, log);
        } catch (IOException | InterruptedException | RuntimeException e) {
            child.close();
            throw e;
        }
        return child;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown of any kind. Returns once the process is gone. */
    public void killHard() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    String name() {
        return name;
    }

    private void awaitUp(String healthPath, Path log) throws IOException, InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl() + healthPath))
                .timeout(Duration.ofSeconds(2))
                .build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                HttpResponse<String> answer = http.send(health, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200 && answer.body().contains("\"UP\"")) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(name + " did not come up within " + START_TIMEOUT + "; see " + log);
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** SIGTERM, then SIGKILL after 30 s. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }
}
