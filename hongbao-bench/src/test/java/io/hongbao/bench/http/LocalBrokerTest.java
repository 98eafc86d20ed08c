package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.embedded.KafkaJars;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalBrokerTest {

    @TempDir
    Path folder;

    @Test
    void fromTheBenchsExecutableJarTheBrokerRunsThroughSpringBootsLauncher() throws Exception {
        Path jar = jar("hongbao-bench.jar", "BOOT-INF/lib/");

        assertThat(LocalBroker.isExecutableJar(jar.toString())).isTrue();
        assertThat(LocalBroker.jars(jar.toString()).launch("kafka.Kafka"))
                .containsExactly(
                        "-Dloader.main=kafka.Kafka",
                        "-cp",
                        jar.toAbsolutePath().toString(),
                        KafkaJars.PROPERTIES_LAUNCHER);
    }

    @Test
    void fromPlainClassesOrAPlainJarTheClasspathIsPassedOn() throws Exception {
        Path plain = jar("plain.jar", "io/");
        String classes = "target/classes" + File.pathSeparator + "kafka.jar";

        assertThat(LocalBroker.isExecutableJar(plain.toString())).isFalse();
        assertThat(LocalBroker.isExecutableJar(classes)).isFalse();
        assertThat(LocalBroker.jars(classes).launch("kafka.Kafka")).containsExactly("-cp", classes, "kafka.Kafka");
    }

    private Path jar(String name, String entry) throws Exception {
        Path jar = folder.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(entry));
            out.closeEntry();
        }
        return jar;
    }
}
