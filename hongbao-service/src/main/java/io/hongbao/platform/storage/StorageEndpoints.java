package io.hongbao.platform.storage;

import java.util.List;

/**
 * The Redis and database the service talks to, resolved once at start-up: either the configured external servers or
 * the embedded ones this process started.
 *
 * @param redisUrl the standalone Redis ({@code null} in cluster mode)
 * @param redisClusterSeeds the Redis Cluster's seed nodes, {@code host:port}; empty in standalone mode
 */
public record StorageEndpoints(
        String redisUrl, List<String> redisClusterSeeds, String jdbcUrl, String dbUser, String dbPassword) {

    public StorageEndpoints {
        redisClusterSeeds = List.copyOf(redisClusterSeeds);
    }
}
