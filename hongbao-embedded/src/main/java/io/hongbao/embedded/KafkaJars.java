package io.hongbao.embedded;

import java.nio.file.Path;
import java.util.List;

/**
 * How a {@link KafkaBroker}'s JVM finds the Kafka server jars: the arguments after the JVM's options that run
 * {@code mainClass} with them. The jars are the caller's dependency, never this module's.
 */
@FunctionalInterface
public interface KafkaJars {

    /** Spring Boot's launcher that runs any main class of an executable jar, its nested jars on the classpath. */
    String PROPERTIES_LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    List<String> launch(String mainClass);

    /** The jars are on this plain classpath (a test's, or a program started from its classes). */
    static KafkaJars onClasspath(String classpath) {
        return mainClass -> List.of("-cp", classpath, mainClass);
    }

    /** The jars are nested in this Spring Boot executable jar (the bench's). */
    static KafkaJars inExecutableJar(Path jar) {
        return mainClass -> List.of(
                "-Dloader.main=" + mainClass, "-cp", jar.toAbsolutePath().toString(), PROPERTIES_LAUNCHER);
    }
}
