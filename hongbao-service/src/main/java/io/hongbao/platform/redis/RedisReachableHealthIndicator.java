package io.hongbao.platform.redis;

import java.time.Duration;
import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Readiness' view of Redis ({@code redisReachable}, ADR 0087): UP when this instance reaches Redis, standalone or any
 * primary of a cluster answering PING within a second. Unlike {@link RedisHealthIndicator} it does not ask for a fully
 * covered cluster: while a failed primary's replica takes over (seconds), every instance sees the same uncovered slot
 * and would be taken out of the balancer together, turning the loss of a third of the packets into the loss of all.
 * An instance that reaches no Redis at all is the one a balancer should avoid.
 */
final class RedisReachableHealthIndicator extends AbstractReactiveHealthIndicator {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private final RedisConnection connection;
    private final RedisNodes nodes;

    RedisReachableHealthIndicator(RedisConnection connection, RedisNodes nodes) {
        this.connection = connection;
        this.nodes = nodes;
    }

    @Override
    protected Mono<Health> doHealthCheck(Health.Builder builder) {
        Mono<Boolean> answered = nodes.cluster()
                ? anyPrimaryAnswers()
                : pingAnswered(connection.reactive().ping());
        return answered.map(ok -> ok ? builder.up().build() : builder.down().build());
    }

    private Mono<Boolean> anyPrimaryAnswers() {
        return Flux.fromIterable(nodes.primaries())
                .flatMap(node -> pingAnswered(Mono.fromCompletionStage(node.connection())
                        .flatMap(c -> c.reactive().ping())))
                .any(Boolean::booleanValue);
    }

    private static Mono<Boolean> pingAnswered(Mono<String> ping) {
        return ping.timeout(TIMEOUT).map("PONG"::equals).onErrorReturn(false);
    }
}
