package io.hongbao.embedded;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.unit.DataSize;

/**
 * Embedded mode, the service's default: for each of Redis and the database that the configuration leaves blank, this
 * process starts a real server of its own and tells the service where it is, under {@code hongbao.embedded.*}
 * ({@code redis-url}, {@code jdbc-url}, {@code db-user}, {@code db-password}), which the service reads for a blank
 * server. The service itself never starts or supervises a process: without this module on the class path (the slim
 * executable) a blank server is a configuration error it names at start.
 *
 * <p>Ordering, relied on twice. It runs as a bean factory post-processor, after every property source of the context
 * is in place (a test's dynamic properties included) and before any bean reads where the servers are. And it registers
 * the servers as the context's first disposable bean: a context destroys its beans in the reverse order of their
 * registration, so the servers stop after every connection pool has closed, on a normal stop and on a failed start
 * alike.
 */
final class EmbeddedStorage implements BeanFactoryPostProcessor, EnvironmentAware {

    static final String BEAN_NAME = "hongbaoEmbeddedServers";
    static final String PROPERTY_SOURCE = "hongbaoEmbeddedServers";

    private ConfigurableEnvironment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = (ConfigurableEnvironment) environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        ServersWanted wanted = wanted(environment);
        if (!wanted.redis() && !wanted.mariaDb()) {
            return;
        }
        EmbeddedServers servers = EmbeddedServers.start(wanted);
        beanFactory.registerSingleton(BEAN_NAME, servers);
        ((DefaultListableBeanFactory) beanFactory).registerDisposableBean(BEAN_NAME, servers::close);
        environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE, whereTheyAre(servers)));
    }

    /** The servers the configuration leaves blank: no Redis URL and no cluster, no database URL and no shards. */
    static ServersWanted wanted(Environment environment) {
        boolean redis = blank(environment, "hongbao.redis.url") && blank(environment, "hongbao.redis.cluster");
        boolean mariaDb = blank(environment, "hongbao.db.url") && blank(environment, "hongbao.db.shards");
        Path dataDir = Path.of(environment.getProperty("hongbao.data-dir", "./data"));
        long maxMemory = Binder.get(environment)
                .bind("hongbao.redis.max-memory", DataSize.class)
                .map(DataSize::toBytes)
                .orElse(0L);
        return new ServersWanted(dataDir, redis, mariaDb, maxMemory);
    }

    private static boolean blank(Environment environment, String key) {
        String value = environment.getProperty(key);
        return value == null || value.isBlank();
    }

    private static Map<String, Object> whereTheyAre(EmbeddedServers servers) {
        Map<String, Object> properties = new LinkedHashMap<>();
        if (servers.hasRedis()) {
            properties.put("hongbao.embedded.redis-url", servers.redisUrl());
        }
        if (servers.hasMariaDb()) {
            properties.put("hongbao.embedded.jdbc-url", servers.jdbcUrl());
            properties.put("hongbao.embedded.db-user", servers.dbUser());
            properties.put("hongbao.embedded.db-password", servers.dbPassword());
        }
        return properties;
    }
}
