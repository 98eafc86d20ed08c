package io.hongbao.bench.http.targets;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Counts the rows waiting in the service's {@code outbox_events} (ADR 0096), straight from the databases the bench
 * owns, every shard's added up: the publisher deletes a row once the broker acknowledged its event.
 */
public final class JdbcOutboxRows implements HongbaoTarget.OutboxRows {

    private final List<String> shards;
    private final String user;
    private final String password;

    public JdbcOutboxRows(List<String> shards, String user, String password) {
        this.shards = List.copyOf(shards);
        this.user = user;
        this.password = password;
    }

    @Override
    public long count() throws SQLException {
        long rows = 0;
        for (String shard : shards) {
            try (Connection db = DriverManager.getConnection(shard, user, password);
                    Statement count = db.createStatement();
                    ResultSet result = count.executeQuery("SELECT COUNT(*) FROM outbox_events")) {
                result.next();
                rows += result.getLong(1);
            }
        }
        return rows;
    }
}
