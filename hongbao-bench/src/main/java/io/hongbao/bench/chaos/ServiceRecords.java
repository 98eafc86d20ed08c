package io.hongbao.bench.chaos;

import io.hongbao.platform.collections.Chunks;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the service wrote about a run's packets, read straight from the databases chaos owns: one, or every database
 * shard's (a packet's rows and escrow legs are on its shard, a grabber's credit leg on the grabber's; the rows of all
 * of them together are the records).
 */
final class ServiceRecords {

    private static final int CHUNK = 500;

    private final List<String> urls;

    ServiceRecords(List<String> urls) {
        this.urls = List.copyOf(urls);
    }

    record Grab(String packet, long user, long amount) {}

    /** @param escrow what the packet's escrow account still holds; {@code refunded} what went back to the sender */
    record Packet(String id, long total, int count, long escrow, long refunded) {}

    record Leg(String transfer, String account, long amount) {}

    List<Grab> grabs(List<String> packets) throws SQLException {
        return query(
                "SELECT packet_id, user_id, amount FROM packet_grabs WHERE packet_id IN (%s)",
                packets, rs -> new Grab(rs.getString(1), rs.getLong(2), rs.getLong(3)));
    }

    List<Packet> packets(List<String> packets) throws SQLException {
        return query(
                "SELECT p.id, p.total_amount, p.share_count,"
                        + " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger_entries l WHERE l.account = CONCAT('escrow:', p.id)),"
                        + " COALESCE(p.refunded_amount, 0) FROM red_packets p WHERE p.id IN (%s)",
                packets, rs -> new Packet(rs.getString(1), rs.getLong(2), rs.getInt(3), rs.getLong(4), rs.getLong(5)));
    }

    /** The ledger legs of the packets' grabs: two per grab (the escrow's debit, the grabber's credit). */
    List<Leg> grabLegs(List<String> packets) throws SQLException {
        return query(
                "SELECT transfer_ref, account, amount FROM ledger_entries"
                        + " WHERE kind = 'PACKET_GRABBED' AND packet_id IN (%s)",
                packets, rs -> new Leg(rs.getString(1), rs.getString(2), rs.getLong(3)));
    }

    private interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, List<String> packets, Row<T> row) throws SQLException {
        List<T> rows = new ArrayList<>();
        for (String url : urls) {
            rows.addAll(query(url, sql, packets, row));
        }
        return rows;
    }

    private static <T> List<T> query(String url, String sql, List<String> packets, Row<T> row) throws SQLException {
        List<T> rows = new ArrayList<>();
        try (Connection db = DriverManager.getConnection(url, "root", "")) {
            for (List<String> chunk : Chunks.of(packets, CHUNK)) {
                try (PreparedStatement statement = db.prepareStatement(
                        String.format(sql, String.join(",", Collections.nCopies(chunk.size(), "?"))))) {
                    for (int i = 0; i < chunk.size(); i++) {
                        statement.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet rs = statement.executeQuery()) {
                        while (rs.next()) {
                            rows.add(row.read(rs));
                        }
                    }
                }
            }
        }
        return rows;
    }
}
