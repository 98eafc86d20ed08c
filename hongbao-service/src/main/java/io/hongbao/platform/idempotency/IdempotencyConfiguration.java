package io.hongbao.platform.idempotency;

import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.Transactions;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** Wires the at-most-once requests. */
@Configuration(proxyBeanMethods = false)
class IdempotencyConfiguration {

    @Bean
    IdempotentRequests idempotentRequests(
            JdbcClient jdbc, Transactions transactions, Blocking blocking, JsonMapper json, Clock clock) {
        return new IdempotentRequests(jdbc, transactions, blocking, json, clock);
    }

    @Bean
    IdempotencyPurge idempotencyPurge(JdbcClient jdbc, Clock clock, IdempotencySettings settings) {
        return new IdempotencyPurge(jdbc, clock, settings);
    }
}
