package io.hongbao.platform.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import java.util.function.Function;

/**
 * Opens connections of their own for the users that must not share the grab path's pipelined connection: blocking
 * stream reads (the persister), the audit's long reads. The caller closes what it opens.
 */
public interface RedisConnections {

    RedisConnection open();

    /** True when the service talks to a Redis Cluster. */
    boolean cluster();

    /**
     * The Lettuce client behind, for a library that takes Lettuce's own types and builds its connection itself
     * (Bucket4j has one builder per mode).
     */
    <T> T withClient(Function<RedisClient, T> standalone, Function<RedisClusterClient, T> cluster);
}
