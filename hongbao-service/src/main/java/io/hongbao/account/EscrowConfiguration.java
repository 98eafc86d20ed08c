package io.hongbao.account;

import io.hongbao.account.infrastructure.JdbcEscrowAccounts;
import io.hongbao.account.model.EscrowAccounts;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the escrow side of accounts, which the red-packet feature moves money through. */
@Configuration(proxyBeanMethods = false)
class EscrowConfiguration {

    @Bean
    EscrowAccounts escrowAccounts(JdbcClient jdbc) {
        return new JdbcEscrowAccounts(jdbc);
    }
}
