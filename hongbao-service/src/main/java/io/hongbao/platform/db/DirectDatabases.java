package io.hongbao.platform.db;

import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Each database shard on its own connection pool, beside the sharding layer rather than through it: for a writer that
 * already knows the one database its transaction writes and writes there only rows placed there, such as the grab
 * persister's rounds (ADR 0099). ShardingSphere binds, routes and rewrites every statement row by row before the
 * driver sees it (half of the persister thread's CPU on the realistic profile); a statement sent here skips all of
 * it. The rules still decide where each row belongs: the writer's transaction is on the database they place its
 * rows on, and the audit's at-home checks would show a row anywhere else. The draws' batches write here too
 * (ADR 0101): a lane's drawers are all on its database.
 */
public final class DirectDatabases {

    private final List<DirectDatabase> databases = new ArrayList<>();

    /** @param pools the shards' connection pools, shard 0 first */
    public DirectDatabases(List<? extends DataSource> pools) {
        if (pools.isEmpty()) {
            throw new IllegalArgumentException("at least one database");
        }
        for (DataSource pool : pools) {
            JdbcTemplate template = new JdbcTemplate(pool);
            databases.add(new DirectDatabase(JdbcClient.create(template), template, SpringTransactions.on(pool)));
        }
    }

    public int count() {
        return databases.size();
    }

    /** Database shard {@code shard}'s statements and transactions. */
    public DirectDatabase of(int shard) {
        return databases.get(shard);
    }

    /** Every database's statements, shard 0 first: for a read that must see all of them, such as a unique check. */
    public List<JdbcClient> statements() {
        return databases.stream().map(DirectDatabase::jdbc).toList();
    }

    /**
     * One database's statements and transactions: a statement of {@code jdbc} or {@code template} (its JDBC batches)
     * joins the transaction {@code transactions} holds open on this thread, and no other.
     */
    public record DirectDatabase(JdbcClient jdbc, JdbcTemplate template, Transactions transactions) {}
}
