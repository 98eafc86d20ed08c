package io.hongbao.platform.storage;

import java.util.List;

/**
 * The Redis and database the service talks to, resolved once at start-up: either the configured external servers or
 * the embedded ones embedded mode started ({@link EmbeddedEndpoints}).
 *
 * @param redisUrl the standalone Redis ({@code null} in cluster mode)
 * @param redisClusterSeeds the Redis Cluster's seed nodes, {@code host:port}; empty in standalone mode
 * @param dbShardUrls the database shards in their fixed order, shard 0 first; one URL with one database
 * @param jdbcUrl shard 0's
 */
public record StorageEndpoints(
        String redisUrl,
        List<String> redisClusterSeeds,
        List<String> dbShardUrls,
        String jdbcUrl,
        String dbUser,
        String dbPassword) {

    public StorageEndpoints {
        redisClusterSeeds = List.copyOf(redisClusterSeeds);
        dbShardUrls = List.copyOf(dbShardUrls);
        if (dbShardUrls.isEmpty() || !dbShardUrls.get(0).equals(jdbcUrl)) {
            throw new IllegalArgumentException("jdbcUrl must be the first database shard's");
        }
    }

    /** One database. */
    public StorageEndpoints(
            String redisUrl, List<String> redisClusterSeeds, String jdbcUrl, String dbUser, String dbPassword) {
        this(redisUrl, redisClusterSeeds, List.of(jdbcUrl), jdbcUrl, dbUser, dbPassword);
    }
}
