package io.hongbao.embedded;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/**
 * Embedded mode, the service's default: for each of Redis and the database that the configuration leaves blank, this
 * process starts a real server of its own and tells the service where it is, under {@code hongbao.embedded.*}
 * ({@code redis-url}, {@code jdbc-url}, {@code db-user}, {@code db-password}), which the service reads for a blank
 * server. The service itself never starts or supervises a process: without this module on the class path (the slim
 * executable) a blank server is a configuration error it names at start. Registered for every Spring application
 * that has this module on its class path ({@code META-INF/spring.factories}).
 *
 * <p>Started beside the context, not before it. When the context is prepared (every property source in place, a
 * test's dynamic properties included; no bean definition read yet), the servers start on a thread of their own while
 * Spring reads the configuration and creates the first beans. Their addresses are announced at once by
 * {@link AnnouncedServers}, whose values wait for the start: the first bean that reads one (a connection pool) waits
 * only for what the servers still need, and a failed start fails that bean with the servers' own error. On a first
 * start, MariaDB's install (seconds) then overlaps the context's work instead of preceding it (ADR 0095).
 *
 * <p>Ordering, relied on: the servers are the context's first disposable bean, registered before the refresh creates
 * any other. A context destroys its beans in the reverse order of their registration, so the servers stop after every
 * connection pool has closed, on a normal stop and on a failed start alike; a start still under way then is waited
 * for, and what it started is stopped.
 */
final class EmbeddedStorage implements ApplicationListener<ApplicationPreparedEvent> {

    static final String BEAN_NAME = "hongbaoEmbeddedServers";
    static final String PROPERTY_SOURCE = "hongbaoEmbeddedServers";

    @Override
    public void onApplicationEvent(ApplicationPreparedEvent event) {
        ConfigurableApplicationContext context = event.getApplicationContext();
        ConfigurableEnvironment environment = context.getEnvironment();
        ServersWanted wanted = wanted(environment);
        if (!wanted.redis() && !wanted.mariaDb()) {
            return;
        }
        CompletableFuture<EmbeddedServers> starting = startInBackground(wanted);
        ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
        beanFactory.registerSingleton(BEAN_NAME, starting);
        ((DefaultListableBeanFactory) beanFactory).registerDisposableBean(BEAN_NAME, () -> stop(starting));
        environment.getPropertySources().addFirst(new AnnouncedServers(PROPERTY_SOURCE, wanted, starting));
    }

    private static CompletableFuture<EmbeddedServers> startInBackground(ServersWanted wanted) {
        CompletableFuture<EmbeddedServers> starting = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        starting.complete(EmbeddedServers.start(wanted));
                    } catch (Throwable e) {
                        starting.completeExceptionally(e);
                    }
                },
                "embedded-servers-start");
        thread.setDaemon(true);
        thread.start();
        return starting;
    }

    /** Waits for a start still under way; stops what it started. A failed start left nothing running. */
    private static void stop(CompletableFuture<EmbeddedServers> starting) {
        try {
            starting.join().close();
        } catch (RuntimeException failedStart) {
            // the start's error was reported by the bean that read an address; there is nothing to stop
        }
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
}
