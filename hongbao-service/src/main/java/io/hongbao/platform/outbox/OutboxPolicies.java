package io.hongbao.platform.outbox;

import static io.hongbao.platform.db.ShardedTables.Table.byLedgerAccount;

import io.hongbao.platform.db.ShardedTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An outbox row lives with the account it belongs to, placed as that account's ledger legs are (ADR 0096): the kinds
 * of account are the features' declarations, so the outbox knows none of them, and each row lands on the database its
 * effect's transaction writes.
 */
@Configuration(proxyBeanMethods = false)
class OutboxPolicies {

    @Bean
    ShardedTables outboxTables() {
        return ShardedTables.of(byLedgerAccount("outbox_events", "record_key"));
    }
}
