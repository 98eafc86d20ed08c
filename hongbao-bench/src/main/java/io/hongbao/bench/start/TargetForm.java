package io.hongbao.bench.start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A build of the service to start, launched exactly as the README launches it. Either a "fast form" folder (what
 * {@code mvn package} leaves in {@code hongbao-service/target/hongbao/}): {@code hongbao-exec.jar}, the jar extracted
 * with its {@code lib/}, and, when the build made one, {@code hongbao.jsa}, a class-data archive (ADR 0092); or a plain
 * executable jar.
 *
 * @param name how the report calls it ({@code candidate}, {@code baseline})
 */
public record TargetForm(String name, Path path) {

    static final String JAR = "hongbao-exec.jar";
    static final String ARCHIVE = "hongbao.jsa";

    public TargetForm {
        path = path.toAbsolutePath().normalize();
        if (Files.isDirectory(path) && !Files.isRegularFile(path.resolve(JAR))) {
            throw new IllegalArgumentException(
                    name + ": " + path + " holds no " + JAR + " (a fast-form folder, or give the jar itself)");
        }
        if (!Files.isDirectory(path) && !Files.isRegularFile(path)) {
            throw new IllegalArgumentException(
                    name + ": " + path + " is missing: run `mvn -B -DskipTests package` first");
        }
    }

    /** The jar {@code java -jar} runs. */
    public Path jar() {
        return Files.isDirectory(path) ? path.resolve(JAR) : path;
    }

    /** Whether the target is started with a class-data archive: a folder holding {@code hongbao.jsa}. */
    public boolean classDataArchive() {
        return Files.isDirectory(path) && Files.isRegularFile(path.resolve(ARCHIVE));
    }

    /**
     * {@code java [jvmArgs] [-XX:SharedArchiveFile=DIR/hongbao.jsa] -jar JAR --server.port=PORT
     * --hongbao.data-dir=DATA}: the README's command, on a port and a data folder of the bench's choosing.
     */
    public List<String> command(String java, List<String> jvmArgs, int port, Path dataDir) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmArgs);
        if (classDataArchive()) {
            command.add("-XX:SharedArchiveFile=" + path.resolve(ARCHIVE));
        }
        command.add("-jar");
        command.add(jar().toString());
        command.add("--server.port=" + port);
        command.add("--hongbao.data-dir=" + dataDir.toAbsolutePath());
        return command;
    }

    /** The java executable a target is launched with: {@code given}, else the one running the bench. */
    public static String javaExecutable(String given) {
        return given != null ? given : ProcessHandle.current().info().command().orElse("java");
    }

    /** JVM options given as one string, split at spaces; none when blank. */
    public static List<String> jvmArgList(String given) {
        return given.isBlank() ? List.of() : Arrays.asList(given.trim().split("\\s+"));
    }
}
