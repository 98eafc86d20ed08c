package io.hongbao.bench.http.targets;

import io.hongbao.bench.http.load.RealisticShape;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Gives the realistic profile's account holders an account before the load, straight in the service's database, as
 * {@code bench audit}'s history is written: a deposit is an {@code accounts} row plus a two-legged {@code DEPOSIT}
 * transfer from the depositor's {@code world:<user>}, exactly what the admin deposit endpoint writes (so the audit's money conservation
 * holds), made by {@code INSERT ... SELECT} over MariaDB's sequence tables, a chunk of users per transaction. Through
 * the API, 900,000 deposits would take minutes of the service's and the database's time; this takes seconds.
 */
public final class JdbcAccountHolders implements HongbaoTarget.AccountHolders {

    private static final long CHUNK = 100_000;

    private final List<String> shards;
    private final String user;
    private final String password;

    /**
     * @param shards the service's databases in {@code HONGBAO_DB_SHARDS} order (one URL: one database); each holder is
     *     written to its user's shard, user id modulo their count, as {@code DatabaseShards.ofUser} places it
     */
    public JdbcAccountHolders(List<String> shards, String user, String password) {
        this.shards = List.copyOf(shards);
        this.user = user;
        this.password = password;
    }

    @Override
    public long open(long firstUser, RealisticShape shape, long deposit) throws SQLException {
        // A fresh reference per set-up, so a second bench against the same database adds transfers, never collides.
        String batch = Long.toString(System.currentTimeMillis(), 36);
        long opened = 0;
        for (int shard = 0; shard < shards.size(); shard++) {
            opened += open(shard, firstUser, shape, deposit, batch);
        }
        return opened;
    }

    private long open(int shard, long firstUser, RealisticShape shape, long deposit, String batch) throws SQLException {
        long opened = 0;
        try (Connection db = DriverManager.getConnection(shards.get(shard), user, password);
                Statement sql = db.createStatement()) {
            db.setAutoCommit(false);
            for (long from = 0; from < shape.users(); from += CHUNK) {
                long to = Math.min(shape.users(), from + CHUNK) - 1;
                String users = " FROM seq_" + from + "_to_" + to + " s";
                String id = "(" + firstUser + " + s.seq)";
                String holders = " WHERE MOD(s.seq, 1000) < " + shape.holdersPerMille() + " AND MOD(" + id + ", "
                        + shards.size() + ") = " + shard;
                sql.executeUpdate("INSERT INTO accounts (user_id, balance, points, created_at) SELECT " + id
                        + ", " + deposit + ", 0, NOW(3)" + users + holders
                        + " ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)");
                // Two legs per holder: half the rows are the holders given a deposit.
                opened +=
                        sql.executeUpdate("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id,"
                                + " created_at) SELECT STRAIGHT_JOIN CONCAT('deposit:bench-" + batch + ":', " + id
                                + "),"
                                + " CONCAT(IF(leg.seq = 1, 'world:', 'user:'), " + id + "), IF(leg.seq = 1, -1, 1) * "
                                + deposit + ", 'DEPOSIT', NULL, NOW(3)" + users + " JOIN seq_1_to_2 leg" + holders);
                db.commit();
            }
        }
        return opened / 2;
    }
}
