package io.hongbao.account;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.account.application.GrantingPoints;
import io.hongbao.account.application.ReadingAccount;
import io.hongbao.account.infrastructure.AccountsInfrastructure;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowAccountsByDatabase;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.outbox.Outbox;
import java.time.Clock;
import java.util.stream.IntStream;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Wires the accounts feature: the use cases are plain objects built here, not Spring components. The escrow side is
 * here too: the red-packet feature moves money through it.
 */
@Configuration(proxyBeanMethods = false)
class AccountConfiguration {

    @Bean
    Accounts accounts(JdbcClient jdbc, Outbox outbox) {
        return AccountsInfrastructure.jdbcAccounts(jdbc, outbox);
    }

    /** The escrows' placement is the packets' feature's, which implements {@link EscrowPlacement}. */
    @Bean
    EscrowAccounts escrowAccounts(JdbcClient jdbc, DatabaseShards shards, EscrowPlacement escrows, Outbox outbox) {
        return AccountsInfrastructure.jdbcEscrowAccounts(jdbc, shards, escrows, outbox);
    }

    /** The same accounts on each database's own pool, for the grab persister's rounds (ADR 0099). */
    @Bean
    EscrowAccountsByDatabase escrowAccountsByDatabase(
            DirectDatabases databases, DatabaseShards shards, EscrowPlacement escrows, Outbox outbox) {
        return new EscrowAccountsByDatabase(IntStream.range(0, databases.count())
                .mapToObj(database -> AccountsInfrastructure.jdbcEscrowAccounts(
                        databases.of(database).jdbc(), shards, escrows, outbox))
                .toList());
    }

    @Bean
    DepositingMoney depositingMoney(Accounts accounts, Transactions transactions, Clock clock) {
        return new DepositingMoney(accounts, transactions, clock);
    }

    @Bean
    GrantingPoints grantingPoints(Accounts accounts, Transactions transactions, Clock clock) {
        return new GrantingPoints(accounts, transactions, clock);
    }

    @Bean
    ReadingAccount readingAccount(Accounts accounts) {
        return new ReadingAccount(accounts);
    }
}
