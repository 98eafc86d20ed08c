package io.hongbao.platform.storage;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Where the servers of embedded mode are, as the embedded-servers module ({@code hongbao-embedded}) announces them
 * once it has started them for what the configuration leaves blank (ADR 0086). All blank when that module is not on
 * the class path (the slim executable) or when every server is external.
 */
@ConfigurationProperties("hongbao.embedded")
public record EmbeddedEndpoints(String redisUrl, String jdbcUrl, String dbUser, String dbPassword) {

    static final String MISSING = "No %s is configured (%s), and this executable starts no embedded servers: configure"
            + " the servers (external mode, docs/scale-out.md), or run hongbao-exec.jar, which starts them itself";

    String redis() {
        return present(redisUrl, "Redis", "HONGBAO_REDIS_URL or HONGBAO_REDIS_CLUSTER");
    }

    String jdbc() {
        return present(jdbcUrl, "database", "HONGBAO_DB_URL or HONGBAO_DB_SHARDS");
    }

    private static String present(String value, String server, String settings) {
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(MISSING.formatted(server, settings));
        }
        return value;
    }
}
