package io.hongbao.bench.http;

import io.hongbao.embedded.KafkaBroker;
import io.hongbao.embedded.KafkaJars;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;

/**
 * {@code bench http --also-events local}: a Kafka broker of the bench's own (KRaft, one node, in the run's folder),
 * from the Kafka server jars the bench carries, so the outbox's cost is measured with nothing installed (ADR 0096).
 */
final class LocalBroker {

    /** The {@code --also-events} value that asks for it. */
    static final String NAME = "local";

    /**
     * A fixed heap, and the JIT's every tier: unlike the tests' broker it serves millions of records, and its CPU per
     * grab is reported.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xms512m", "-Xmx512m");

    private LocalBroker() {}

    static KafkaBroker start(Path folder) throws IOException, InterruptedException {
        System.err.println("bench http: starting a Kafka broker in " + folder.toAbsolutePath());
        return KafkaBroker.startIn(folder, JVM_OPTIONS, jars(System.getProperty("java.class.path")));
    }

    /**
     * Run as {@code java -jar hongbao-bench.jar} the classpath is that one executable jar, the Kafka jars nested in
     * it; run from its classes (an IDE, a test) they are on the plain classpath.
     */
    static KafkaJars jars(String classpath) throws IOException {
        if (isExecutableJar(classpath)) {
            return KafkaJars.inExecutableJar(Path.of(classpath));
        }
        return KafkaJars.onClasspath(classpath);
    }

    static boolean isExecutableJar(String classpath) throws IOException {
        if (classpath.contains(File.pathSeparator) || !classpath.endsWith(".jar")) {
            return false;
        }
        Path jar = Path.of(classpath);
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry("BOOT-INF/lib/") != null;
        }
    }
}
