package io.hongbao.account.infrastructure;

import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.outbox.Outbox;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The adapters of the accounts feature, for its configuration to wire. */
public final class AccountsInfrastructure {

    private AccountsInfrastructure() {}

    /** @param outbox where each movement's event is written, in its transaction (ADR 0096) */
    public static Accounts jdbcAccounts(JdbcClient jdbc, Outbox outbox) {
        return new JdbcAccounts(jdbc, outbox);
    }

    /** @param outbox where each movement's events are written, in its transaction (ADR 0096) */
    public static EscrowAccounts jdbcEscrowAccounts(
            JdbcClient jdbc, DatabaseShards shards, EscrowPlacement escrows, Outbox outbox) {
        return new JdbcEscrowAccounts(jdbc, shards, escrows, outbox);
    }
}
