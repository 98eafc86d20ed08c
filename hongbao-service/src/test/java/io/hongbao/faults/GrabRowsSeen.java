package io.hongbao.faults;

import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.PrivateServers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches grab rows arrive in some databases: every {@link #EVERY}, each database is asked for the {@code packet_grabs}
 * rows newer than the last it showed ({@code id > last}, less a look-back, on a connection of its own), and each (packet, user) is noted
 * with the moment it was first seen (the test's {@code System.nanoTime}, the clock of the storm's answers). So a grant
 * answered at one moment can be timed to its row: how long the persister took to record it, as a client would see it.
 */
final class GrabRowsSeen implements AutoCloseable {

    private static final Duration EVERY = Duration.ofMillis(200);
    /**
     * Auto-increment ids are taken at insert and committed in any order by concurrent transactions: a row below the
     * last id seen may still appear. Each poll reads this far back again (rows seen already keep their first time).
     */
    private static final long LOOKBACK_IDS = 5_000;

    private final List<Connection> connections = new ArrayList<>();
    private final long[] lastIds;
    private final Map<String, Long> firstSeen = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;
    private volatile SQLException failure;

    /** Starts watching the databases at {@code urls}, from their newest row now (older rows are not reported). */
    GrabRowsSeen(List<String> urls) throws SQLException {
        lastIds = new long[urls.size()];
        for (int i = 0; i < urls.size(); i++) {
            Connection db = PrivateServers.dataSource(urls.get(i)).getConnection();
            connections.add(db);
            try (Statement sql = db.createStatement();
                    ResultSet max = sql.executeQuery("SELECT COALESCE(MAX(id), 0) FROM packet_grabs")) {
                max.next();
                lastIds[i] = max.getLong(1);
            }
        }
        thread = new Thread(this::watch, "grab-rows-seen");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (running) {
            long started = System.nanoTime();
            try {
                for (int i = 0; i < connections.size(); i++) {
                    readNew(i);
                }
            } catch (SQLException e) {
                failure = e;
                return;
            }
            long slept = EVERY.toMillis()
                    - Duration.ofNanos(System.nanoTime() - started).toMillis();
            try {
                Thread.sleep(Math.max(1, slept));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void readNew(int database) throws SQLException {
        try (PreparedStatement sql = connections
                .get(database)
                .prepareStatement("SELECT id, packet_id, user_id FROM packet_grabs WHERE id > ? ORDER BY id")) {
            sql.setLong(1, lastIds[database] - LOOKBACK_IDS);
            try (ResultSet rows = sql.executeQuery()) {
                long now = System.nanoTime();
                while (rows.next()) {
                    lastIds[database] = Math.max(lastIds[database], rows.getLong(1));
                    firstSeen.putIfAbsent(key(rows.getString(2), rows.getLong(3)), now);
                }
            }
        }
    }

    /**
     * How long after its answer each grant's row was first seen ({@code null}: not seen). Rows are seen up to one
     * period late, so a latency here is at most {@link #EVERY} above the real one.
     */
    List<Long> latenciesMillis(Collection<Attempt> grants) {
        List<Long> latencies = new ArrayList<>();
        for (Attempt grant : grants) {
            Long seen = firstSeen.get(key(grant.packetId(), grant.user()));
            latencies.add(
                    seen == null
                            ? null
                            : Math.max(
                                    0,
                                    Duration.ofNanos(seen - grant.answeredAtNanos())
                                            .toMillis()));
        }
        return latencies;
    }

    @Override
    public void close() throws Exception {
        running = false;
        thread.interrupt();
        thread.join(5_000);
        for (Connection db : connections) {
            db.close();
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static String key(String packet, long user) {
        return packet + "/" + user;
    }
}
