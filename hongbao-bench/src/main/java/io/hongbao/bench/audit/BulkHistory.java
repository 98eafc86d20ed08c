package io.hongbao.bench.audit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;

/**
 * A long history written straight into the service's schema, consistent in every way the audit checks: users who
 * deposited, packets sent from their balance, grabbed share by share and closed with a refund of what was left, each
 * movement a two-legged ledger transfer, balances equal to their ledger. Written with {@code INSERT ... SELECT} over
 * MariaDB's sequence tables ({@code seq_1_to_N}), a chunk of packets per statement, with the secondary indexes of the
 * large tables dropped meanwhile and rebuilt by one sort each at the end: inserting ten million rows through a
 * randomly ordered index (a user's ledger account) with a small buffer pool would take hours.
 *
 * <p>Every packet is closed (refunded, its escrow empty: {@code escrow_left} 0) some time in the last 30 days, the
 * newest within the recent audit's window; packet ids are {@code 0} and 19 digits, so they sort before the time-based
 * ids the service gives live packets.
 */
final class BulkHistory {

    static final long DEPOSIT = 100_000;
    private static final int PACKETS_PER_STATEMENT = 50_000;
    private static final List<String> LARGE_TABLES = List.of("ledger_entries", "packet_grabs");

    private final String serverUrl;
    private final String database;
    private final String user;
    private final String password;
    private final Shape shape;

    /** How much history: packets of {@code shares} shares, {@code grabbed} of them grabbed, among {@code users}. */
    record Shape(long packets, int shares, int grabbed, long users) {
        Shape {
            if (grabbed > shares || users < shares) {
                throw new IllegalArgumentException("grabbed <= shares <= users");
            }
        }

        long grants() {
            return packets * grabbed;
        }

        long total() {
            return 100L * shares + (long) shares * (shares - 1) / 2;
        }

        long refund() {
            return total() - (100L * grabbed + (long) grabbed * (grabbed - 1) / 2);
        }
    }

    BulkHistory(String serverUrl, String database, String user, String password, Shape shape) {
        this.serverUrl = serverUrl;
        this.database = database;
        this.user = user;
        this.password = password;
        this.shape = shape;
    }

    String jdbcUrl() {
        return serverUrl + database;
    }

    String user() {
        return user;
    }

    String password() {
        return password;
    }

    /** Creates the database afresh with the service's schema, then the history. */
    void write() throws SQLException {
        try (Connection server = DriverManager.getConnection(serverUrl, user, password);
                Statement sql = server.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + database);
            sql.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4");
        }
        Flyway.configure()
                .dataSource(jdbcUrl(), user, password)
                .locations("classpath:db/migration")
                .outOfOrder(true)
                .ignoreMigrationPatterns("*:missing", "*:future")
                .load()
                .migrate();
        try (Connection db = DriverManager.getConnection(jdbcUrl(), user, password);
                Statement sql = db.createStatement()) {
            // Plain nested loops over the sequences in the order written: rows come out packet by packet, share by
            // share, with no join buffer reordering them and no temporary table to sort them back. The one GROUP BY
            // (balances) keeps its temporary table in memory.
            sql.execute("SET SESSION join_cache_level = 0, tmp_table_size = 2147483648,"
                    + " max_heap_table_size = 2147483648");
            Map<String, List<String>> indexes = new LinkedHashMap<>();
            for (String table : LARGE_TABLES) {
                indexes.put(table, dropSecondaryIndexes(db, table));
            }
            step("deposits", () -> deposits(sql));
            for (long first = 1; first <= shape.packets(); first += PACKETS_PER_STATEMENT) {
                long last = Math.min(shape.packets(), first + PACKETS_PER_STATEMENT - 1);
                packets(sql, first, last);
                System.out.printf("  packets %,d of %,d%n", last, shape.packets());
            }
            step("balances", () -> balances(sql));
            for (Map.Entry<String, List<String>> table : indexes.entrySet()) {
                step(
                        "indexes of " + table.getKey(),
                        () -> sql.execute("ALTER TABLE " + table.getKey() + " " + String.join(", ", table.getValue())));
            }
            step(
                    "statistics",
                    () -> sql.execute(
                            "ANALYZE TABLE red_packets, packet_shares, packet_grabs, ledger_entries," + " accounts"));
        }
    }

    void drop() throws SQLException {
        try (Connection server = DriverManager.getConnection(serverUrl, user, password);
                Statement sql = server.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    /** Rows and bytes (data + indexes) per table, as the server counts them. */
    Map<String, String> sizes() throws SQLException {
        Map<String, String> sizes = new LinkedHashMap<>();
        try (Connection db = DriverManager.getConnection(jdbcUrl(), user, password);
                Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("SELECT table_name, data_length + index_length FROM"
                        + " information_schema.tables WHERE table_schema = DATABASE() AND table_name IN"
                        + " ('red_packets', 'packet_shares', 'packet_grabs', 'ledger_entries', 'accounts')")) {
            while (rs.next()) {
                sizes.put(rs.getString(1), String.format("%,d MB", rs.getLong(2) / (1024 * 1024)));
            }
        }
        return sizes;
    }

    private void deposits(Statement sql) throws SQLException {
        sql.executeUpdate("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                + " SELECT STRAIGHT_JOIN CONCAT('deposit:bench:', u.seq), CONCAT(IF(leg.seq = 1, 'world:', 'user:'), u.seq),"
                + " IF(leg.seq = 1, -1, 1) * " + DEPOSIT + ", 'DEPOSIT', NULL, NOW(3) - INTERVAL 31 DAY"
                + " FROM seq_1_to_" + shape.users() + " u JOIN seq_1_to_2 leg");
    }

    /** Packets {@code first..last}: rows, shares, grabs, and their send, grab and refund transfers. */
    private void packets(Statement sql, long first, long last) throws SQLException {
        String range = " FROM seq_" + first + "_to_" + last + " p";
        String id = "CONCAT('0', LPAD(p.seq, 19, '0'))";
        String sender = "(1 + MOD(p.seq * 7919, " + shape.users() + "))";
        // Created evenly over 30 days up to an hour ago, expired 30 minutes later, closed a second after that.
        String created = "(NOW(3) - INTERVAL 30 DAY + INTERVAL (FLOOR(p.seq * ((30 * 24 - 1) * 3600000 / "
                + shape.packets() + ")) * 1000) MICROSECOND)";
        String grabber = "(1 + MOD((p.seq - 1) * " + shape.shares() + " + s.seq, " + shape.users() + "))";
        sql.executeUpdate("INSERT INTO red_packets (id, sender_id, type, greeting, group_id, total_amount, share_count,"
                + " created_at, expires_at, published, refunded_amount, refunded_at, escrow_left) SELECT STRAIGHT_JOIN "
                + id + ", " + sender + ", 'RANDOM', 'bench', NULL, " + shape.total() + ", " + shape.shares() + ", "
                + created + ", " + created + " + INTERVAL 30 MINUTE, 1, " + shape.refund() + ", " + created
                + " + INTERVAL 1801 SECOND, 0" + range);
        sql.executeUpdate("INSERT INTO packet_shares (packet_id, seq, amount) SELECT STRAIGHT_JOIN " + id
                + ", s.seq, 100 + s.seq" + range + " JOIN seq_0_to_" + (shape.shares() - 1) + " s");
        String grabbed = range + " JOIN seq_0_to_" + (shape.grabbed() - 1) + " s";
        sql.executeUpdate("INSERT INTO packet_grabs (packet_id, seq, user_id, amount, grabbed_at) SELECT STRAIGHT_JOIN "
                + id + ", s.seq, " + grabber + ", 100 + s.seq, " + created + " + INTERVAL s.seq SECOND" + grabbed);
        String legs = " JOIN seq_1_to_2 leg";
        String escrow = "CONCAT('escrow:', " + id + ")";
        sql.executeUpdate("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                + " SELECT STRAIGHT_JOIN CONCAT('send:', " + id + "), IF(leg.seq = 1, CONCAT('user:', " + sender + "), "
                + escrow
                + "), IF(leg.seq = 1, -1, 1) * " + shape.total() + ", 'PACKET_SENT', " + id + ", " + created + range
                + legs);
        sql.executeUpdate("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                + " SELECT STRAIGHT_JOIN CONCAT('grab:', " + id + ", ':', " + grabber + "), IF(leg.seq = 1, " + escrow
                + ", CONCAT('user:', " + grabber
                + ")), IF(leg.seq = 1, -1, 1) * CAST(100 + s.seq AS SIGNED), 'PACKET_GRABBED', "
                + id + ", " + created + " + INTERVAL s.seq SECOND" + grabbed + legs);
        if (shape.refund() > 0) {
            sql.executeUpdate("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                    + " SELECT STRAIGHT_JOIN CONCAT('refund:', " + id + "), IF(leg.seq = 1, " + escrow
                    + ", CONCAT('user:', "
                    + sender + ")), IF(leg.seq = 1, -1, 1) * " + shape.refund() + ", 'PACKET_REFUNDED', " + id
                    + ", " + created + " + INTERVAL 1801 SECOND" + range + legs);
        }
    }

    /** Every user's balance is the sum of its ledger legs, as the service keeps it. */
    private void balances(Statement sql) throws SQLException {
        sql.executeUpdate("INSERT INTO accounts (user_id, balance, points, created_at)"
                + " SELECT CAST(SUBSTRING(account, 6) AS UNSIGNED), SUM(amount), 0, NOW(3) FROM ledger_entries"
                + " WHERE account LIKE 'user:%' GROUP BY account");
    }

    /** Drops the table's indexes other than its primary key; returns the clauses that add them back. */
    private static List<String> dropSecondaryIndexes(Connection db, String table) throws SQLException {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        Map<String, Boolean> unique = new LinkedHashMap<>();
        try (Statement sql = db.createStatement();
                ResultSet rs = sql.executeQuery("SELECT index_name, non_unique, column_name FROM"
                        + " information_schema.statistics WHERE table_schema = DATABASE() AND table_name = '" + table
                        + "' AND index_name <> 'PRIMARY' ORDER BY index_name, seq_in_index")) {
            while (rs.next()) {
                columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(3));
                unique.put(rs.getString(1), rs.getInt(2) == 0);
            }
        }
        List<String> addBack = new ArrayList<>();
        List<String> drops = new ArrayList<>();
        columns.forEach((name, cols) -> {
            addBack.add("ADD " + (unique.get(name) ? "UNIQUE " : "") + "INDEX " + name + " (" + String.join(", ", cols)
                    + ")");
            drops.add("DROP INDEX " + name);
        });
        if (!drops.isEmpty()) {
            try (Statement sql = db.createStatement()) {
                sql.execute("ALTER TABLE " + table + " " + String.join(", ", drops));
            }
        }
        return addBack;
    }

    private interface SqlStep {
        void run() throws SQLException;
    }

    private static void step(String name, SqlStep step) throws SQLException {
        long start = System.nanoTime();
        step.run();
        System.out.printf("  %s: %.1f s%n", name, (System.nanoTime() - start) / 1e9);
    }
}
