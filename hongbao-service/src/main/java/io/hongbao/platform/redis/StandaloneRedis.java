package io.hongbao.platform.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** One standalone Redis (embedded, or {@code hongbao.redis.url}). */
final class StandaloneRedis extends LettuceRedis {

    private final RedisClient client;
    private final String address;

    StandaloneRedis(RedisClient client, String address) {
        this.client = client;
        this.address = address;
    }

    @Override
    public RedisConnection open() {
        return new StandaloneConnection(client.connect());
    }

    @Override
    public boolean cluster() {
        return false;
    }

    @Override
    public <T> T withClient(Function<RedisClient, T> standalone, Function<RedisClusterClient, T> cluster) {
        return standalone.apply(client);
    }

    @Override
    RedisNodes nodes(RedisConnection shared) {
        StatefulRedisConnection<String, String> connection = ((StandaloneConnection) shared).stateful();
        List<RedisNodes.Node> one =
                List.of(new RedisNodes.Node(address, CompletableFuture.completedFuture(connection)));
        return new RedisNodes() {
            @Override
            public List<Node> primaries() {
                return one;
            }

            @Override
            public List<Node> all() {
                return one;
            }

            @Override
            public boolean cluster() {
                return false;
            }
        };
    }

    @Override
    RedisPrimaries primaries(RedisConnection shared) {
        return new StandalonePrimaries(((StandaloneConnection) shared).stateful());
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
