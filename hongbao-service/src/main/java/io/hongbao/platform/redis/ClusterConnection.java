package io.hongbao.platform.redis;

import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.reactive.RedisClusterReactiveCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/**
 * A {@link RedisConnection} to a Redis Cluster: Lettuce's advanced cluster commands route each keyed command to the
 * primary of its slot (one pooled connection per node) and follow {@code MOVED}/{@code ASK} up to the client's
 * {@code maxRedirects}.
 */
record ClusterConnection(StatefulRedisClusterConnection<String, String> stateful) implements RedisConnection {

    @Override
    public RedisClusterAsyncCommands<String, String> async() {
        return stateful.async();
    }

    @Override
    public RedisClusterCommands<String, String> sync() {
        return stateful.sync();
    }

    @Override
    public RedisClusterReactiveCommands<String, String> reactive() {
        return stateful.reactive();
    }

    @Override
    public boolean isOpen() {
        return stateful.isOpen();
    }

    @Override
    public void close() {
        stateful.close();
    }
}
