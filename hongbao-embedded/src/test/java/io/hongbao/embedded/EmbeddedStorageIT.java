package io.hongbao.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Embedded mode as an application meets it: a Spring Boot application with this module on its class path and no
 * server configured finds both servers announced under {@code hongbao.embedded.*}, and its beans that hold
 * connections are closed while the servers still run (ADR 0086).
 */
class EmbeddedStorageIT {

    /** What the stand-in pool saw when the context closed it. */
    static final List<String> seenAtClose = new ArrayList<>();

    @TempDir
    Path dataDir;

    @Test
    void announcesBothServersAndStopsThemOnlyAfterTheBeansThatUseThem() throws Exception {
        String redisUrl;
        String jdbcUrl;
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
                .web(WebApplicationType.NONE)
                .properties("hongbao.data-dir=" + dataDir, "hongbao.redis.max-memory=64MB")
                .run()) {
            redisUrl = context.getEnvironment().getRequiredProperty("hongbao.embedded.redis-url");
            jdbcUrl = context.getEnvironment().getRequiredProperty("hongbao.embedded.jdbc-url");
            assertThat(redisUrl).matches("redis://127\\.0\\.0\\.1:\\d+");
            assertThat(ping(redisUrl)).isEqualTo("PONG");
            String user = context.getEnvironment().getRequiredProperty("hongbao.embedded.db-user");
            String password = context.getEnvironment().getProperty("hongbao.embedded.db-password", "");
            try (Connection db = DriverManager.getConnection(jdbcUrl, user, password)) {
                assertThat(db.isValid(5)).isTrue();
            }
        }
        assertThat(seenAtClose).containsExactly("PONG");
        assertThat(pingOrNull(redisUrl)).as("Redis after the context closed").isNull();
    }

    @Test
    void startsNothingWhenBothServersAreConfigured() {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(NoPool.class)
                .web(WebApplicationType.NONE)
                .properties(
                        "hongbao.data-dir=" + dataDir,
                        "hongbao.redis.url=redis://127.0.0.1:1",
                        "hongbao.db.url=jdbc:mariadb://127.0.0.1:1/hongbao")
                .run()) {
            assertThat(context.getEnvironment().getProperty("hongbao.embedded.redis-url"))
                    .isNull();
            assertThat(context.containsBean(EmbeddedStorage.BEAN_NAME)).isFalse();
        }
        assertThat(dataDir.resolve("redis")).doesNotExist();
    }

    private static String ping(String url) {
        RedisClient client = RedisClient.create(url);
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            return connection.sync().ping();
        } finally {
            client.shutdown();
        }
    }

    private static String pingOrNull(String url) {
        try {
            return ping(url);
        } catch (RuntimeException stopped) {
            return null;
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class App {
        /** Stands in for a connection pool: created from the announced URL, closed by the context. */
        @Bean(destroyMethod = "close")
        PoolStandIn pool(@Value("${hongbao.embedded.redis-url}") String redisUrl) {
            return new PoolStandIn(redisUrl);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class NoPool {}

    record PoolStandIn(String redisUrl) {
        void close() {
            seenAtClose.add(pingOrNull(redisUrl));
        }
    }
}
