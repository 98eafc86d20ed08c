package io.hongbao;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.db.LedgerAccountKinds;
import io.hongbao.platform.db.VirtualShards;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ClassPathBeanDefinitionScanner;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.RegexPatternTypeFilter;

/**
 * The platform knows no feature by name either (ArchitectureTest checks it imports none): no string literal or text
 * block under {@code io/hongbao/platform} names a feature, a table a feature owns, a ledger account prefix a feature
 * declares, or a feature's settings. What a feature wants of the platform it declares itself ({@code *Policies}:
 * sharded tables, ledger account kinds, limited routes), so a new feature changes nothing here. Comments may name
 * features: they explain, they do not decide.
 */
class PlatformNamesNoFeatureTest {

    private static final Path MAIN = Path.of("src/main/java/io/hongbao");
    private static final Path PLATFORM = MAIN.resolve("platform");
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

    /**
     * The platform's own tables: its layout record, its recorded answers, the user ids it gave a provider's subjects
     * (ADR 0097), its outbox of events (ADR 0096), and Flyway's history.
     */
    private static final Set<String> PLATFORM_TABLES = Set.of(
            "db_shard_layout", "idempotency_records", "provider_subjects", "outbox_events", "flyway_schema_history");

    /** Words of the platform's own that contain a feature's name: the ledger's accounts are the platform's term. */
    private static final Pattern PLATFORM_TERMS = Pattern.compile("ledger[ -]account");

    /**
     * Strings the platform still holds that name a feature, each with why it stays for now; the test fails when one is
     * gone, so the list only shrinks. By file, a fragment of the literal.
     */
    private static final Map<String, String> KNOWN = Map.of(
            // The service's own description heading its API document: the product, not a feature's policy.
            "platform/web/OpenApiConfiguration.java", "Red packets (抢红包) and lottery wheels",
            // The tag of the actuator endpoints in the API document, which lists the audit endpoint among them.
            "platform/web/ActuatorOperations.java", "Health, metrics and the audit",
            // The example of NOT_A_MEMBER in the error schema; moves when features declare their error examples.
            "platform/web/ErrorAnswers.java", "only the group's members may grab this packet",
            // The operator page's path among the web app's pages; moves when features declare their pages.
            "platform/web/WebAppPages.java", "/ops");

    @Test
    void noStringInThePlatformNamesAFeatureItsTablesItsLedgerAccountsOrItsSettings() throws IOException {
        Map<String, Pattern> forbidden = new TreeMap<>();
        for (String feature : features()) {
            forbidden.put("the feature " + feature, word(feature));
            forbidden.put(
                    "a setting of the feature " + feature, Pattern.compile(Pattern.quote("hongbao." + feature + ".")));
        }
        for (String prefix : featureSettingPrefixes()) {
            forbidden.put("a feature's settings " + prefix, Pattern.compile(Pattern.quote(prefix + ".")));
        }
        for (String table : featureTables()) {
            forbidden.put("the feature table " + table, word(table));
        }
        for (String prefix : ledgerAccountPrefixes()) {
            forbidden.put(
                    "the ledger account prefix " + prefix,
                    Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(prefix)));
        }

        List<String> found = new ArrayList<>();
        Set<String> known = new TreeSet<>();
        try (Stream<Path> files = Files.walk(PLATFORM)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = MAIN.relativize(file).toString().replace('\\', '/');
                for (Literal literal : literals(Files.readString(file, StandardCharsets.UTF_8))) {
                    if (KNOWN.containsKey(name) && literal.text().contains(KNOWN.get(name))) {
                        known.add(name);
                        continue;
                    }
                    String text = PLATFORM_TERMS.matcher(literal.text()).replaceAll("");
                    forbidden.forEach((what, pattern) -> {
                        if (pattern.matcher(text).find()) {
                            found.add(file + ":" + literal.line() + " names " + what + ": \"" + literal.text() + "\"");
                        }
                    });
                }
            }
        }

        assertThat(found)
                .as("the platform names features in its strings; let the feature declare what it needs instead")
                .isEmpty();
        assertThat(known)
                .as("known exceptions still there (drop the ones gone)")
                .isEqualTo(KNOWN.keySet());
    }

    @Test
    void theLiteralReaderFindsStringsAndTextBlocksAndSkipsCommentsAndChars() {
        String source = """
                class X { // "not this"
                    /* nor "this" */ char c = '"'; String a = "one \\" two";
                    String b = \"""
                        three
                        \""";
                }
                """;

        assertThat(literals(source).stream().map(Literal::text))
                .containsExactly("one \\\" two", "        three\n        ");
        assertThat(literals(source).get(0).line()).isEqualTo(2);
    }

    /** The top-level packages under io.hongbao other than the platform. */
    private static Set<String> features() throws IOException {
        try (Stream<Path> packages = Files.list(MAIN)) {
            Set<String> features = new TreeSet<>();
            packages.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(name -> !name.equals("platform"))
                    .forEach(features::add);
            assertThat(features).contains("redpacket", "lottery");
            return features;
        }
    }

    /** Every table the migrations create, but the platform's own. */
    private static Set<String> featureTables() throws IOException {
        Set<String> tables = new TreeSet<>();
        Pattern createTable = Pattern.compile("CREATE TABLE (?:IF NOT EXISTS )?`?(\\w+)", Pattern.CASE_INSENSITIVE);
        try (Stream<Path> scripts = Files.list(MIGRATIONS)) {
            for (Path script :
                    scripts.filter(f -> f.toString().endsWith(".sql")).toList()) {
                Matcher table = createTable.matcher(Files.readString(script, StandardCharsets.UTF_8));
                while (table.find()) {
                    tables.add(table.group(1));
                }
            }
        }
        tables.removeAll(PLATFORM_TABLES);
        assertThat(tables).contains("red_packets", "lottery_draws");
        return tables;
    }

    /** The prefixes of every {@code @ConfigurationProperties} outside the platform. */
    private static Set<String> featureSettingPrefixes() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
        Set<String> prefixes = new TreeSet<>();
        for (BeanDefinition settings : scanner.findCandidateComponents("io.hongbao")) {
            if (settings.getBeanClassName().startsWith("io.hongbao.platform.")) {
                continue;
            }
            try {
                ConfigurationProperties annotation =
                        Class.forName(settings.getBeanClassName()).getAnnotation(ConfigurationProperties.class);
                prefixes.add(annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        assertThat(prefixes).contains("hongbao.redpacket");
        return prefixes;
    }

    /** The ledger account prefixes the features declare, as the application collects them. */
    private static Set<String> ledgerAccountPrefixes() {
        try (AnnotationConfigApplicationContext declarations = new AnnotationConfigApplicationContext()) {
            ClassPathBeanDefinitionScanner scanner = new ClassPathBeanDefinitionScanner(declarations, false);
            scanner.addIncludeFilter(
                    new RegexPatternTypeFilter(Pattern.compile("io\\.hongbao\\.\\w+(\\.\\w+)*Policies")));
            scanner.scan("io.hongbao");
            // A key that hashes into virtual shards needs their count, which the feature reads from its settings.
            declarations.registerBean(
                    "testVirtualShards",
                    VirtualShards.class,
                    () -> new VirtualShards(16, "test.virtual-shards"),
                    definition -> definition.setPrimary(true));
            declarations.addBeanFactoryPostProcessor(factory -> Arrays.stream(factory.getBeanDefinitionNames())
                    .forEach(name -> factory.getBeanDefinition(name).setLazyInit(true)));
            declarations.refresh();
            Set<String> prefixes = new TreeSet<>();
            declarations
                    .getBeanProvider(LedgerAccountKinds.class)
                    .forEach(kinds -> kinds.kinds().forEach(kind -> prefixes.add(kind.prefix())));
            assertThat(prefixes).contains("escrow:");
            return prefixes;
        }
    }

    private static Pattern word(String word) {
        return Pattern.compile("(?<![A-Za-z0-9])" + Pattern.quote(word) + "(?![A-Za-z0-9])", Pattern.CASE_INSENSITIVE);
    }

    /** A string literal or text block, its content as written (escapes not resolved), and the line it starts on. */
    record Literal(String text, int line) {}

    /** The string literals and text blocks of a Java source, outside comments and char literals. */
    static List<Literal> literals(String source) {
        List<Literal> literals = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (source.startsWith("//", i)) {
                while (i < source.length() && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
                line += count(source, i, end);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int start = source.indexOf('\n', i) + 1;
                int end = start;
                while (!source.startsWith("\"\"\"", end)) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                literals.add(new Literal(source.substring(start, end), line));
                line += count(source, i, end + 3);
                i = end + 3;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (source.charAt(end) != c) {
                    end += source.charAt(end) == '\\' ? 2 : 1;
                }
                if (c == '"') {
                    literals.add(new Literal(source.substring(i + 1, end), line));
                }
                i = end + 1;
            } else {
                i++;
            }
        }
        return literals;
    }

    private static int count(String source, int from, int to) {
        int lines = 0;
        for (int i = from; i < to; i++) {
            if (source.charAt(i) == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
