package io.hongbao.platform.redis;

import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.PartitionSelectorException;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.api.reactive.RedisClusterReactiveCommands;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;

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
    public StatefulRedisConnection<String, String> writesTo(String key) {
        RedisURI primary = primaryOf(stateful, key);
        // The pool key Lettuce's slot routing uses for writes: (WRITE, host, port).
        return stateful.getConnection(primary.getHost(), primary.getPort());
    }

    /**
     * The primary that {@code cluster} routes writes on {@code key}'s slot to now.
     *
     * @throws PartitionSelectorException when none is known for the slot (a failover in progress): Lettuce's own
     *     routing fails the same way
     */
    static RedisURI primaryOf(StatefulRedisClusterConnection<String, String> cluster, String key) {
        int slot = SlotHash.getSlot(key);
        RedisClusterNode primary = cluster.getPartitions().getMasterBySlot(slot);
        if (primary == null) {
            throw new PartitionSelectorException(
                    "Cannot determine a partition for slot " + slot + ".", cluster.getPartitions());
        }
        return primary.getUri();
    }

    @Override
    public void close() {
        stateful.close();
    }
}
