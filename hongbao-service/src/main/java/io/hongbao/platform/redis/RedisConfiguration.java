package io.hongbao.platform.redis;

import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.platform.storage.StorageSettings;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One Lettuce client and one shared connection. Lettuce connections are thread-safe and pipeline every command sent
 * on them, so a single connection serves all callers without a pool (the hot path relies on that pipelining).
 */
@Configuration(proxyBeanMethods = false)
class RedisConfiguration {

    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

    /**
     * Lettuce retries a lost connection after 1, 2, 4 ... ms, by default up to 30 s apart: after a Redis outage of
     * seconds, grabs would stay refused for seconds more after Redis is back (RedisKillIT). Capped, the first attempt
     * after Redis' return comes within a second; a dozen connections trying once a second cost Redis nothing.
     */
    static final Duration RECONNECT_DELAY_MAX = Duration.ofSeconds(1);

    @Bean(destroyMethod = "shutdown")
    ClientResources redisClientResources() {
        return DefaultClientResources.builder()
                .reconnectDelay(Delay.exponential(Duration.ZERO, RECONNECT_DELAY_MAX, 2, TimeUnit.MILLISECONDS))
                .build();
    }

    @Bean(destroyMethod = "shutdown")
    RedisClient redisClient(ClientResources resources, StorageEndpoints endpoints) {
        RedisClient client = RedisClient.create(resources, RedisURI.create(endpoints.redisUrl()));
        client.setOptions(ClientOptions.builder()
                .autoReconnect(true)
                // While Redis is away, fail calls at once (503) instead of queueing them without bound.
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .build());
        return client;
    }

    @Bean(destroyMethod = "close")
    StatefulRedisConnection<String, String> redisConnection(RedisClient client) {
        return client.connect();
    }

    @Bean
    RedisDurabilityCheck redisDurabilityCheck(StatefulRedisConnection<String, String> connection) {
        return new RedisDurabilityCheck(connection);
    }

    @Bean
    RedisHealthIndicator redisHealthIndicator(StatefulRedisConnection<String, String> connection, RedisMemory memory) {
        return new RedisHealthIndicator(connection, memory);
    }

    /** Samples Redis' memory on the shared connection: one INFO per period, nothing a grab waits for. */
    @Bean
    RedisMemory redisMemory(
            StatefulRedisConnection<String, String> connection, StorageSettings settings, MeterRegistry registry) {
        StorageSettings.Admission admission = settings.redis().admission();
        return new RedisMemory(
                connection.async(), admission.refuseNewWorkAtPercent(), admission.sampleEvery(), registry);
    }
}
