package io.hongbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The executable jar that ships ({@code hongbao-exec.jar}, built in the package phase, before the integration tests)
 * is the product and nothing else: the strategy lab and its Redis lock library live in {@code hongbao-lab}, which the
 * bench runs. Every nested library is opened too, so a lab class cannot come back inside another jar either.
 */
class ExecutableJarIT {

    private static final String LAB_CLASSES = "io/hongbao/lab/";
    private static final String REDISSON_CLASSES = "org/redisson/";
    private static final Pattern LAB_TABLE =
            Pattern.compile("CREATE\\s+TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?`?lab_", Pattern.CASE_INSENSITIVE);

    /** Maven passes the path (see the failsafe configuration); the default holds when run from the module. */
    private static final Path JAR = Path.of(System.getProperty("hongbao.exec-jar", "target/hongbao-exec.jar"));

    private static final List<String> entries = new ArrayList<>();
    private static final List<String> nestedEntries = new ArrayList<>();

    @BeforeAll
    static void readTheJar() throws IOException {
        assertThat(JAR)
                .as("the executable jar; `mvn verify` builds it before the integration tests run")
                .isRegularFile();
        try (JarFile file = new JarFile(JAR.toFile())) {
            for (JarEntry entry : file.stream().toList()) {
                entries.add(entry.getName());
                if (entry.getName().startsWith("BOOT-INF/lib/")
                        && entry.getName().endsWith(".jar")) {
                    try (InputStream in = file.getInputStream(entry);
                            JarInputStream nested = new JarInputStream(in)) {
                        for (JarEntry inner = nested.getNextJarEntry();
                                inner != null;
                                inner = nested.getNextJarEntry()) {
                            nestedEntries.add(entry.getName() + "!/" + inner.getName());
                        }
                    }
                }
            }
        }
    }

    @Test
    void theJarIsTheService() {
        assertThat(entries)
                .contains("BOOT-INF/classes/io/hongbao/HongbaoApplication.class")
                .anyMatch(name -> name.startsWith("BOOT-INF/classes/db/migration/V"));
    }

    @Test
    void theJarHoldsNoClassOfTheStrategyLab() {
        assertThat(matching(entries, name -> name.contains(LAB_CLASSES)))
                .as("classes of the strategy lab in the service's jar; they belong in hongbao-lab")
                .isEmpty();
        assertThat(matching(nestedEntries, name -> name.contains("!/" + LAB_CLASSES)))
                .as("classes of the strategy lab in a library of the service; they belong in hongbao-lab")
                .isEmpty();
        assertThat(matching(entries, name -> name.startsWith("BOOT-INF/classes/scripts/lab/")))
                .as("Lua scripts of the strategy lab in the service's jar; they belong in hongbao-lab")
                .isEmpty();
    }

    @Test
    void theJarShipsNoRedisson() {
        assertThat(matching(entries, name -> name.startsWith("BOOT-INF/lib/redisson")))
                .as("Redisson in the service's jar; it is the lab's redis-lock library (hongbao-lab)")
                .isEmpty();
        assertThat(matching(nestedEntries, name -> name.contains("!/" + REDISSON_CLASSES)))
                .as("Redisson classes inside a library of the service; they belong to the lab (hongbao-lab)")
                .isEmpty();
    }

    @Test
    void theServicesMigrationsCreateNoLabTable() throws IOException {
        List<String> creatingLabTables = new ArrayList<>();
        try (JarFile file = new JarFile(JAR.toFile())) {
            for (String name : matching(entries, name -> name.startsWith("BOOT-INF/classes/db/migration/"))) {
                try (InputStream in = file.getInputStream(file.getJarEntry(name))) {
                    String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    if (LAB_TABLE.matcher(sql).find()) {
                        creatingLabTables.add(name);
                    }
                }
            }
        }
        assertThat(creatingLabTables)
                .as("service migrations that create lab_* tables; the lab migrates its own (hongbao-lab, db/lab)")
                .isEmpty();
    }

    private static List<String> matching(List<String> names, Predicate<String> condition) {
        return names.stream().filter(condition).toList();
    }
}
