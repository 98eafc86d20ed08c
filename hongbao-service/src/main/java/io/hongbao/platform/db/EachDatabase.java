package io.hongbao.platform.db;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The physical databases one by one, beside the sharding layer rather than through it: for reads that must see each
 * database whole, in one consistent snapshot of its own, such as the audit (ADR 0084). Every transaction of the
 * service writes one database and leaves its ledger legs summing to zero there, so a sum over the databases' own
 * snapshots is exact although the snapshots are taken one after the other.
 */
public final class EachDatabase {

    private final List<JdbcClient> clients = new ArrayList<>();
    private final List<TransactionTemplate> snapshots = new ArrayList<>();

    /** @param databases the shards' connection pools, shard 0 first */
    public EachDatabase(List<? extends DataSource> databases) {
        if (databases.isEmpty()) {
            throw new IllegalArgumentException("at least one database");
        }
        for (DataSource database : databases) {
            clients.add(JdbcClient.create(database));
            TransactionTemplate snapshot = new TransactionTemplate(new JdbcTransactionManager(database));
            // InnoDB REPEATABLE READ: every read of the transaction sees the snapshot taken at its first read.
            snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
            snapshot.setReadOnly(true);
            snapshots.add(snapshot);
        }
    }

    public int count() {
        return clients.size();
    }

    /** {@code read} on every database in turn, each in one snapshot of that database; the results by shard. */
    public <T> List<T> inSnapshots(Function<JdbcClient, T> read) {
        List<T> results = new ArrayList<>(clients.size());
        for (int shard = 0; shard < clients.size(); shard++) {
            JdbcClient jdbc = clients.get(shard);
            results.add(snapshots.get(shard).execute(status -> read.apply(jdbc)));
        }
        return results;
    }

    /** {@code read} on one database, without a transaction of its own (each statement sees the latest commits). */
    public <T> T on(int shard, Function<JdbcClient, T> read) {
        return read.apply(clients.get(shard));
    }
}
