package io.hongbao.bench.http.targets;

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
 * Counts the service's {@code packet_grabs} rows for a run's packets, straight from the databases the bench owns: each
 * shard's, added up (a packet's rows are all on one shard).
 */
public final class JdbcGrabRows implements HongbaoTarget.GrabRows {

    private static final int CHUNK = 500;

    private final List<String> shards;
    private final String user;
    private final String password;

    public JdbcGrabRows(List<String> shards, String user, String password) {
        this.shards = List.copyOf(shards);
        this.user = user;
        this.password = password;
    }

    @Override
    public long count(List<String> packetIds) throws SQLException {
        long rows = 0;
        for (String shard : shards) {
            rows += count(shard, packetIds);
        }
        return rows;
    }

    private long count(String shard, List<String> packetIds) throws SQLException {
        long rows = 0;
        try (Connection db = DriverManager.getConnection(shard, user, password)) {
            for (List<String> chunk : Chunks.of(packetIds, CHUNK)) {
                String marks = String.join(",", Collections.nCopies(chunk.size(), "?"));
                try (PreparedStatement count =
                        db.prepareStatement("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (" + marks + ")")) {
                    for (int i = 0; i < chunk.size(); i++) {
                        count.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet result = count.executeQuery()) {
                        result.next();
                        rows += result.getLong(1);
                    }
                }
            }
        }
        return rows;
    }

    /** On every shard: a campaign's rows are on its home database only, so the others answer none. */
    @Override
    public List<String> campaignPools(String campaignId) throws SQLException {
        List<String> pools = new ArrayList<>();
        for (String shard : shards) {
            try (Connection db = DriverManager.getConnection(shard, user, password);
                    PreparedStatement read = db.prepareStatement(
                            "SELECT packet_id FROM campaign_pools WHERE campaign_id = ? ORDER BY round, pool")) {
                read.setString(1, campaignId);
                try (ResultSet result = read.executeQuery()) {
                    while (result.next()) {
                        pools.add(result.getString(1));
                    }
                }
            }
        }
        return pools;
    }
}
