package io.hongbao.platform.outbox;

import io.hongbao.platform.db.SqlTime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One shard's {@code outbox_events}, on that database directly (beside the sharding layer, as the audit reads it).
 *
 * <p>The publisher's reads and deletes run on one connection of the shard's pool that it keeps, holding a named lock on
 * it ({@code GET_LOCK}): MariaDB releases the lock when that connection ends, so an instance that dies hands the
 * shard's publishing to another within a claim's interval. Lock names are the server's, not a database's, and several
 * shards may be databases of one server: the name is {@value #LOCK} followed by the MD5 of the database's name (a
 * name is at most 64 characters), one lock per shard. Any failure of the connection drops it, and
 * with it the lock, so a publisher never goes on without knowing it holds it. The backlog is sampled on a pooled
 * connection of its own, so it is seen while the publisher waits for the broker.
 */
final class JdbcShardOutbox implements ShardOutbox {

    static final String LOCK = "hongbao.outbox.";
    private static final Duration CLAIM_EVERY = Duration.ofSeconds(1);

    private final DataSource database;
    private final JdbcClient sampling;
    private final Clock clock;
    private Connection held;
    private Instant lastClaim = Instant.MIN;

    JdbcShardOutbox(DataSource database, Clock clock) {
        this.database = database;
        this.sampling = JdbcClient.create(database);
        this.clock = clock;
    }

    @Override
    public boolean claim() {
        if (held != null) {
            return true;
        }
        Instant now = clock.instant();
        if (now.isBefore(lastClaim.plus(CLAIM_EVERY))) {
            return false;
        }
        lastClaim = now;
        Connection connection = null;
        try {
            connection = database.getConnection();
            connection.setAutoCommit(true);
            try (PreparedStatement lock =
                    connection.prepareStatement("SELECT GET_LOCK(CONCAT(?, MD5(DATABASE())), 0)")) {
                lock.setString(1, LOCK);
                try (ResultSet rs = lock.executeQuery()) {
                    if (rs.next() && rs.getInt(1) == 1) {
                        held = connection;
                        return true;
                    }
                }
            }
            connection.close();
            return false;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw failure("claim the outbox's publishing lock", e);
        }
    }

    @Override
    public List<OutboxRow> oldest(int limit) {
        try (PreparedStatement select = held.prepareStatement(
                "SELECT id, record_key, payload, created_at FROM outbox_events ORDER BY id LIMIT ?")) {
            select.setInt(1, limit);
            List<OutboxRow> rows = new ArrayList<>(limit);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    rows.add(new OutboxRow(
                            rs.getLong(1), rs.getString(2), rs.getString(3), SqlTime.fromSql(rs, "created_at")));
                }
            }
            return rows;
        } catch (SQLException e) {
            release();
            throw failure("read the outbox", e);
        }
    }

    @Override
    public void delete(List<Long> positions) {
        try (PreparedStatement delete = held.prepareStatement("DELETE FROM outbox_events WHERE id IN ("
                + String.join(", ", Collections.nCopies(positions.size(), "?")) + ")")) {
            for (int i = 0; i < positions.size(); i++) {
                delete.setLong(i + 1, positions.get(i));
            }
            delete.executeUpdate();
        } catch (SQLException e) {
            release();
            throw failure("delete published rows from the outbox", e);
        }
    }

    @Override
    public void release() {
        Connection connection = held;
        held = null;
        // Closing returns the connection to the pool; the lock is released first, as a pooled connection lives on.
        if (connection != null) {
            try (PreparedStatement unlock =
                    connection.prepareStatement("DO RELEASE_LOCK(CONCAT(?, MD5(DATABASE())))")) {
                unlock.setString(1, LOCK);
                unlock.execute();
            } catch (SQLException e) {
                // A broken connection holds no lock any more.
            }
            closeQuietly(connection);
        }
    }

    @Override
    public Backlog backlog() {
        return sampling.sql("SELECT COUNT(*) AS waiting, MIN(created_at) AS oldest FROM outbox_events")
                .query((rs, row) -> new Backlog(rs.getLong(1), SqlTime.fromSql(rs, "oldest")))
                .single();
    }

    private static DataAccessResourceFailureException failure(String what, SQLException e) {
        return new DataAccessResourceFailureException("could not " + what + ": " + e.getMessage(), e);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Already broken.
            }
        }
    }
}
