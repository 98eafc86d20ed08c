package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.reactive.RedisClusterReactiveCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/** A {@link RedisConnection} to one standalone Redis. */
record StandaloneConnection(StatefulRedisConnection<String, String> stateful) implements RedisConnection {

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
    public StatefulRedisConnection<String, String> writesTo(String key) {
        return stateful;
    }

    @Override
    public void close() {
        stateful.close();
    }
}
