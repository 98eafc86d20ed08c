package io.hongbao.platform.redis;

import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import reactor.core.publisher.Mono;

/**
 * UP when Redis answers PING within a second. Its details tell how full Redis is and whether new work is admitted
 * ({@link RedisMemory}); a nearly full Redis stays UP: reads, refunds and paid draws still work, and taking every
 * instance out of a load balancer would refuse those too.
 */
final class RedisHealthIndicator extends AbstractReactiveHealthIndicator {

    private final StatefulRedisConnection<String, String> connection;
    private final RedisMemory memory;

    RedisHealthIndicator(StatefulRedisConnection<String, String> connection, RedisMemory memory) {
        this.connection = connection;
        this.memory = memory;
    }

    @Override
    protected Mono<Health> doHealthCheck(Health.Builder builder) {
        return connection.reactive().ping().timeout(Duration.ofSeconds(1)).map(pong -> {
            RedisMemory.Sample sample = memory.lastSample();
            return builder.up()
                    .withDetail("usedMemory", sample.used())
                    .withDetail("maxMemory", sample.max())
                    .withDetail("newWork", sample.nearlyFull() ? "refused: Redis is short of memory" : "admitted")
                    .build();
        });
    }
}
