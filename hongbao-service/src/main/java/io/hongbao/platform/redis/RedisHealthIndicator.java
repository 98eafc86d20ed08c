package io.hongbao.platform.redis;

import java.time.Duration;
import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * UP when Redis answers PING within a second, and on a cluster when every primary also reports
 * {@code cluster_state:ok} (a cluster with an uncovered slot refuses some grabs: DOWN). Its details tell how full
 * Redis is and whether new work is admitted ({@link RedisMemory}); a nearly full Redis stays UP: reads, refunds and
 * paid draws still work, and taking every instance out of a load balancer would refuse those too.
 */
final class RedisHealthIndicator extends AbstractReactiveHealthIndicator {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private final RedisConnection connection;
    private final RedisNodes nodes;
    private final RedisMemory memory;

    RedisHealthIndicator(RedisConnection connection, RedisNodes nodes, RedisMemory memory) {
        this.connection = connection;
        this.nodes = nodes;
        this.memory = memory;
    }

    @Override
    protected Mono<Health> doHealthCheck(Health.Builder builder) {
        return connection
                .reactive()
                .ping()
                .timeout(TIMEOUT)
                .then(clusterState())
                .map(clusterState -> {
                    RedisMemory.Sample sample = memory.lastSample();
                    if (!clusterState.isEmpty()) {
                        return builder.down()
                                .withDetail("cluster", clusterState)
                                .build();
                    }
                    return builder.up()
                            .withDetail("usedMemory", sample.used())
                            .withDetail("maxMemory", sample.max())
                            .withDetail(
                                    "newWork", sample.nearlyFull() ? "refused: Redis is short of memory" : "admitted")
                            .build();
                });
    }

    /** Empty when standalone or when every primary says cluster_state:ok; else which one does not. */
    private Mono<String> clusterState() {
        if (!nodes.cluster()) {
            return Mono.just("");
        }
        return Flux.fromIterable(nodes.primaries())
                .flatMap(node -> Mono.fromCompletionStage(node.connection())
                        .flatMap(c -> c.reactive().clusterInfo())
                        .timeout(TIMEOUT)
                        .map(info -> info.contains("cluster_state:ok") ? "" : node.address() + " cluster_state not ok"))
                .filter(problem -> !problem.isEmpty())
                .collectList()
                .map(problems -> String.join("; ", problems));
    }
}
