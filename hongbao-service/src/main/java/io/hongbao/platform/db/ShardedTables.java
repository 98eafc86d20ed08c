package io.hongbao.platform.db;

import java.util.List;
import java.util.Objects;

/**
 * A feature's tables as the system of record is to place them over the database shards (ADR 0083): each feature
 * declares its own as a bean, and the platform builds ShardingSphere's rules from all of them. A table the migrations
 * create and no feature declares is reached only on each database directly (the platform's {@code db_shard_layout},
 * Flyway's history).
 */
public record ShardedTables(List<Table> tables) {

    public ShardedTables {
        tables = List.copyOf(tables);
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a declaration of sharded tables names at least one table");
        }
    }

    public static ShardedTables of(Table... tables) {
        return new ShardedTables(List.of(tables));
    }

    /** One table and how its rows are placed. */
    public sealed interface Table permits ByKey, ByLedgerAccount, Broadcast {
        String name();

        /**
         * Rows placed by one column's {@link ShardKey}. Tables declared {@code bound} with the same key form one
         * binding group: a join between them on their key runs on each shard instead of across all of them.
         */
        static Table byKey(String name, String column, ShardKey key, boolean bound) {
            return new ByKey(name, column, key, bound);
        }

        /** Rows placed by a ledger account column: where the account's kind says ({@link LedgerAccountKinds}). */
        static Table byLedgerAccount(String name, String column) {
            return new ByLedgerAccount(name, column);
        }

        /** Every shard holds every row; written to all of them at once. For small tables joined with sharded ones. */
        static Table broadcast(String name) {
            return new Broadcast(name);
        }
    }

    public record ByKey(String name, String column, ShardKey key, boolean bound) implements Table {
        public ByKey {
            identifier(name, "table");
            identifier(column, "column");
            Objects.requireNonNull(key, "key");
        }
    }

    public record ByLedgerAccount(String name, String column) implements Table {
        public ByLedgerAccount {
            identifier(name, "table");
            identifier(column, "column");
        }
    }

    public record Broadcast(String name) implements Table {
        public Broadcast {
            identifier(name, "table");
        }
    }

    private static void identifier(String value, String what) {
        if (value == null || !value.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException(
                    "a " + what + " name is lower case, digits and underscores, not " + value);
        }
    }
}
