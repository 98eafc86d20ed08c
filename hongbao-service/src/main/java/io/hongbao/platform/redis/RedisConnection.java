package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.reactive.RedisClusterReactiveCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/**
 * A connection to Redis, standalone or cluster, through the command interfaces both modes share, so that the grab,
 * persist, sweep and lottery code is written once (ADR 0070). On a cluster every keyed command goes to the primary that
 * owns its key's slot and follows {@code MOVED}/{@code ASK}; a script's keys must share one hash tag, as they already
 * do (one per virtual shard, one per wheel). Keyless administration (INFO, CONFIG, SCRIPT LOAD) is not routed by a
 * key: use {@link RedisNodes} for it.
 *
 * <p>Thread-safe, pipelined: one connection serves every caller of the shared bean.
 */
public interface RedisConnection extends AutoCloseable {

    /** A standalone connection opened elsewhere (tests, the bench, the lab); closing this closes it. */
    static RedisConnection of(StatefulRedisConnection<String, String> connection) {
        return new StandaloneConnection(connection);
    }

    /** A cluster connection opened elsewhere (the bench); closing this closes it. */
    static RedisConnection of(StatefulRedisClusterConnection<String, String> connection) {
        return new ClusterConnection(connection);
    }

    RedisClusterAsyncCommands<String, String> async();

    RedisClusterCommands<String, String> sync();

    RedisClusterReactiveCommands<String, String> reactive();

    boolean isOpen();

    /**
     * The node connection through which this connection's commands on {@code key}'s slot are written: where a
     * {@code WAIT} that must cover them is sent. On a cluster the primary Lettuce routes the slot's writes to now (the
     * pool key {@code (WRITE, host, port)}, as {@link RedisPrimaries} explains); standalone, the connection itself.
     *
     * @throws io.lettuce.core.cluster.PartitionSelectorException when no primary is known for the slot (a failover)
     */
    StatefulRedisConnection<String, String> writesTo(String key);

    @Override
    void close();
}
