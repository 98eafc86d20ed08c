package io.hongbao.account.model;

import java.util.List;

/**
 * The escrow accounts of each database shard on their own, shard 0 first: for a writer whose transaction is on one
 * known database (ADR 0099). Each writes only there, so its statements join that database's transaction.
 */
public record EscrowAccountsByDatabase(List<EscrowAccounts> databases) {

    public EscrowAccountsByDatabase {
        if (databases.isEmpty()) {
            throw new IllegalArgumentException("at least one database");
        }
        databases = List.copyOf(databases);
    }

    public EscrowAccounts on(int database) {
        return databases.get(database);
    }
}
