package io.hongbao.account.infrastructure;

import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.platform.db.DatabaseShards;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The adapters of the accounts feature, for its configuration to wire. */
public final class AccountsInfrastructure {

    private AccountsInfrastructure() {}

    public static Accounts jdbcAccounts(JdbcClient jdbc) {
        return new JdbcAccounts(jdbc);
    }

    public static EscrowAccounts jdbcEscrowAccounts(JdbcClient jdbc, DatabaseShards shards, EscrowPlacement escrows) {
        return new JdbcEscrowAccounts(jdbc, shards, escrows);
    }
}
