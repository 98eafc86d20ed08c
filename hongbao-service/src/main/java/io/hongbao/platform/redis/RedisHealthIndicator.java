package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import reactor.core.publisher.Mono;

/** UP when Redis answers PING within a second. */
final class RedisHealthIndicator extends AbstractReactiveHealthIndicator {

    private final StatefulRedisConnection<String, String> connection;

    RedisHealthIndicator(StatefulRedisConnection<String, String> connection) {
        this.connection = connection;
    }

    @Override
    protected Mono<Health> doHealthCheck(Health.Builder builder) {
        return connection
                .reactive()
                .ping()
                .timeout(Duration.ofSeconds(1))
                .map(pong -> builder.up().build());
    }
}
