package io.hongbao.platform.redis;

import io.lettuce.core.RedisConnectionStateListener;

/**
 * The Lettuce client of one mode, standalone or cluster; everything else in the service sees only the ports
 * ({@link RedisConnections}, {@link RedisConnection}, {@link RedisNodes}, {@link RedisPrimaries}).
 */
abstract sealed class LettuceRedis implements RedisConnections permits StandaloneRedis, ClusterRedis {

    abstract RedisNodes nodes(RedisConnection shared);

    abstract RedisPrimaries primaries(RedisConnection shared);

    /** Tells {@code listener} of every connection of the client (node connections included) that is lost. */
    abstract void listen(RedisConnectionStateListener listener);

    abstract void shutdown();
}
