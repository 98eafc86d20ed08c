package io.hongbao.platform.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/** A Redis Cluster ({@code hongbao.redis.cluster}), reached through Lettuce's cluster client. */
final class ClusterRedis extends LettuceRedis {

    private final RedisClusterClient client;
    private final int maxRedirects;

    ClusterRedis(RedisClusterClient client, int maxRedirects) {
        this.client = client;
        this.maxRedirects = maxRedirects;
    }

    @Override
    public RedisConnection open() {
        return new ClusterConnection(client.connect());
    }

    @Override
    public boolean cluster() {
        return true;
    }

    @Override
    public <T> T withClient(Function<RedisClient, T> standalone, Function<RedisClusterClient, T> cluster) {
        return cluster.apply(client);
    }

    @Override
    RedisNodes nodes(RedisConnection shared) {
        StatefulRedisClusterConnection<String, String> connection = ((ClusterConnection) shared).stateful();
        return new RedisNodes() {
            @Override
            public List<Node> primaries() {
                return nodes(node -> node.is(RedisClusterNode.NodeFlag.UPSTREAM));
            }

            @Override
            public List<Node> all() {
                return nodes(node -> true);
            }

            @Override
            public boolean cluster() {
                return true;
            }

            private List<Node> nodes(Predicate<RedisClusterNode> which) {
                return connection.getPartitions().stream()
                        .filter(which)
                        .filter(node -> !node.is(RedisClusterNode.NodeFlag.FAIL)
                                && !node.is(RedisClusterNode.NodeFlag.EVENTUAL_FAIL)
                                && !node.is(RedisClusterNode.NodeFlag.NOADDR))
                        .map(node -> {
                            RedisURI uri = node.getUri();
                            return new Node(
                                    uri.getHost() + ":" + uri.getPort(),
                                    connection.getConnectionAsync(uri.getHost(), uri.getPort()));
                        })
                        .toList();
            }
        };
    }

    @Override
    RedisPrimaries primaries(RedisConnection shared) {
        return new ClusterPrimaries(client, ((ClusterConnection) shared).stateful(), maxRedirects);
    }

    @Override
    void listen(RedisConnectionStateListener listener) {
        client.addListener(listener);
    }

    @Override
    void shutdown() {
        client.shutdown();
    }
}
