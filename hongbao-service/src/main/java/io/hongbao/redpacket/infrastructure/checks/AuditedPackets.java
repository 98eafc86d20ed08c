package io.hongbao.redpacket.infrastructure.checks;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.audit.model.AuditScope;
import io.hongbao.redpacket.model.PacketShards;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The red packets an audit checks one by one, a page at a time (ADR 0068). Pages follow the primary key (keyset: each
 * starts after the last id of the one before), so every page is one short index range and nothing is held between
 * pages but the last id. The scope filters: every packet for the full audit; for the recent one those still open
 * (never refunded) or refunded at or after its moment. A page also ends early once its packets hold
 * {@code maxShares} shares together, for the checks that keep each grab of a page in memory; a packet larger than
 * that still makes a page of its own.
 */
final class AuditedPackets {

    /** A packet as its row has it. */
    record Packet(String id, long total, int count) {}

    private final JdbcClient jdbc;
    private final int pageSize;
    private final long maxShares;

    AuditedPackets(JdbcClient jdbc, int pageSize, long maxShares) {
        this.jdbc = jdbc;
        this.pageSize = pageSize;
        this.maxShares = maxShares;
    }

    /** Hands each page to {@code check}, in id order; returns how many packets there were. */
    long forEachPage(AuditScope scope, Consumer<List<Packet>> check) {
        long packets = 0;
        String after = "";
        while (true) {
            List<Packet> read = read(scope, after);
            if (read.isEmpty()) {
                return packets;
            }
            List<Packet> page = withinShares(read);
            check.accept(page);
            packets += page.size();
            after = page.get(page.size() - 1).id();
        }
    }

    private List<Packet> read(AuditScope scope, String after) {
        String inScope = scope.full() ? "" : " AND (refunded_amount IS NULL OR refunded_at >= ?)";
        List<Object> params = new ArrayList<>();
        params.add(after);
        scope.closedSince().ifPresent(since -> params.add(toSql(since)));
        params.add(pageSize);
        return jdbc.sql("SELECT id, total_amount, share_count FROM red_packets WHERE id > ?" + inScope
                        + " ORDER BY id LIMIT ?")
                .params(params)
                .query((rs, row) -> new Packet(rs.getString(1), rs.getLong(2), rs.getInt(3)))
                .list();
    }

    private List<Packet> withinShares(List<Packet> read) {
        long shares = 0;
        for (int i = 0; i < read.size(); i++) {
            shares += read.get(i).count();
            if (shares > maxShares && i > 0) {
                return read.subList(0, i);
            }
        }
        return read;
    }

    static List<String> ids(List<Packet> page) {
        return page.stream().map(Packet::id).toList();
    }

    static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    /** The ids grouped by the database that holds their packets, in database order. */
    static Map<Integer, List<String>> byDatabase(List<String> ids, PacketShards shards) {
        Map<Integer, List<String>> byDatabase = new TreeMap<>();
        ids.forEach(id -> byDatabase
                .computeIfAbsent(shards.databaseShardOf(id), database -> new ArrayList<>())
                .add(id));
        return byDatabase;
    }
}
