package io.hongbao.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.core.env.EnumerablePropertySource;

/**
 * Where the embedded servers are, under {@code hongbao.embedded.*}, announced before they have started. The names are
 * known at once (which servers are wanted), so a lookup that only asks whether a property exists never waits; reading
 * a value waits for the start and then answers, or throws the start's own error. Only the first reader waits: the
 * rest find the start complete.
 */
final class AnnouncedServers extends EnumerablePropertySource<CompletableFuture<EmbeddedServers>> {

    static final String REDIS_URL = "hongbao.embedded.redis-url";
    static final String JDBC_URL = "hongbao.embedded.jdbc-url";
    static final String DB_USER = "hongbao.embedded.db-user";
    static final String DB_PASSWORD = "hongbao.embedded.db-password";

    private final String[] names;

    AnnouncedServers(String name, ServersWanted wanted, CompletableFuture<EmbeddedServers> starting) {
        super(name, starting);
        List<String> announced = new ArrayList<>();
        if (wanted.redis()) {
            announced.add(REDIS_URL);
        }
        if (wanted.mariaDb()) {
            announced.addAll(List.of(JDBC_URL, DB_USER, DB_PASSWORD));
        }
        this.names = announced.toArray(String[]::new);
    }

    @Override
    public String[] getPropertyNames() {
        return names.clone();
    }

    @Override
    public Object getProperty(String name) {
        return switch (name) {
            case REDIS_URL -> started().redisUrl();
            case JDBC_URL -> started().jdbcUrl();
            case DB_USER -> started().dbUser();
            case DB_PASSWORD -> started().dbPassword();
            default -> null;
        };
    }

    private EmbeddedServers started() {
        try {
            return getSource().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }
}
