package io.hongbao.support;

import io.hongbao.embedded.KafkaBroker;
import io.hongbao.embedded.KafkaJars;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * The test JVM's Kafka broker for the money events' tests (ADR 0096), started on first use from the Kafka jars on the
 * test classpath and stopped when the JVM ends: a broker's start costs some seconds of CI's two cores, so one serves
 * every test class.
 */
public final class SharedKafkaBroker {

    /** C1 only and one GC thread: the broker lives for a test class and serves thousands of records, not millions. */
    private static final List<String> JVM_OPTIONS = List.of("-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private static KafkaBroker shared;

    private SharedKafkaBroker() {}

    public static synchronized KafkaBroker get() throws IOException, InterruptedException {
        if (shared == null) {
            Path folder = Path.of("target", "kafka", UUID.randomUUID().toString());
            KafkaBroker broker = KafkaBroker.startIn(folder, JVM_OPTIONS, KafkaJars.onClasspath(classpath()));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(broker)));
            shared = broker;
        }
        return shared;
    }

    /** Surefire and failsafe start the tests from a manifest-only jar and say the real classpath here. */
    private static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static void stopQuietly(KafkaBroker broker) {
        try {
            broker.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
