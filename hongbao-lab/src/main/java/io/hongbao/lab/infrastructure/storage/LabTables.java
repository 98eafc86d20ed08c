package io.hongbao.lab.infrastructure.storage;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.lab.model.LabAudit.GrabRecord;
import io.hongbao.lab.model.LabAudit.PacketBalance;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/** The lab's tables ({@link LabSchema}): runs, packets, pre-split shares and grabs. Shared by every strategy. */
public final class LabTables {

    private static final int NO_SHARE = -1;

    private final JdbcClient jdbc;
    private final JdbcTemplate template;
    private final Clock clock;

    public LabTables(JdbcClient jdbc, JdbcTemplate template, Clock clock) {
        this.jdbc = jdbc;
        this.template = template;
        this.clock = clock;
    }

    public long newRun(String strategy) {
        GeneratedKeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO lab_runs (strategy, created_at) VALUES (?, ?)")
                .params(strategy, toSql(clock.instant()))
                .update(key, "id");
        return key.getKey().longValue();
    }

    /** The packet rows, and with {@code withShares} one row per pre-split share. */
    public void insertPackets(String strategy, LabRun run, boolean withShares) {
        List<Object[]> packetRows = new ArrayList<>();
        List<Object[]> shareRows = new ArrayList<>();
        for (LabPacket packet : run.packets()) {
            packetRows.add(new Object[] {
                packet.id(),
                strategy,
                packet.totalAmount(),
                packet.count(),
                packet.totalAmount(),
                packet.count(),
                toSql(clock.instant())
            });
            for (int index = 0; index < packet.count(); index++) {
                shareRows.add(new Object[] {packet.id(), index, packet.shares().get(index)});
            }
        }
        template.batchUpdate(
                "INSERT INTO lab_packets (id, strategy, total_amount, share_count, remaining_amount, remaining_count,"
                        + " version, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
                packetRows);
        if (withShares) {
            template.batchUpdate("INSERT INTO lab_shares (packet_id, share_index, amount) VALUES (?, ?, ?)", shareRows);
        }
    }

    /** The packet row's state; {@code forUpdate} takes InnoDB's row lock until the transaction ends. */
    public PacketRow packetRow(long packetId, boolean forUpdate) {
        return jdbc.sql("SELECT remaining_amount, remaining_count, version FROM lab_packets WHERE id = ?"
                        + (forUpdate ? " FOR UPDATE" : ""))
                .param(packetId)
                .query((rs, row) -> new PacketRow(
                        rs.getLong("remaining_amount"), rs.getInt("remaining_count"), rs.getLong("version")))
                .single();
    }

    public boolean hasGrab(long packetId, long userId) {
        return jdbc.sql("SELECT COUNT(*) FROM lab_grabs WHERE packet_id = ? AND user_id = ?")
                        .params(packetId, userId)
                        .query(Long.class)
                        .single()
                > 0;
    }

    /** Records a grant; a second one for the same (packet, user) throws DuplicateKeyException. */
    public void insertGrab(long packetId, long userId, long amount, int shareIndex) {
        jdbc.sql("INSERT INTO lab_grabs (packet_id, user_id, amount, share_index, created_at) VALUES (?, ?, ?, ?, ?)")
                .params(packetId, userId, amount, shareIndex == NO_SHARE ? null : shareIndex, toSql(clock.instant()))
                .update();
    }

    /** Marks a pre-split share taken by the user. */
    public void markShareTaken(long packetId, int shareIndex, long userId) {
        jdbc.sql("UPDATE lab_shares SET user_id = ? WHERE packet_id = ? AND share_index = ?")
                .params(userId, packetId, shareIndex)
                .update();
    }

    /**
     * Records a batch of grants written by an asynchronous writer. A grant already recorded (the writer crashed
     * after the commit but before it removed the batch from Redis, or a recovered item ran twice) is skipped: the
     * primary key makes the write idempotent. Run it inside a transaction.
     */
    public void recordIdempotently(List<GrabLine> grabs) {
        LocalDateTime now = toSql(clock.instant());
        template.batchUpdate(
                "INSERT INTO lab_grabs (packet_id, user_id, amount, share_index, created_at) VALUES (?, ?, ?, ?, ?)"
                        + " ON DUPLICATE KEY UPDATE packet_id = packet_id",
                grabs,
                grabs.size(),
                (PreparedStatement ps, GrabLine grab) -> bindGrab(ps, grab, now));
        List<Object[]> shares = new ArrayList<>();
        for (GrabLine grab : grabs) {
            if (grab.shareIndex() != NO_SHARE) {
                shares.add(new Object[] {grab.userId(), grab.packetId(), grab.shareIndex()});
            }
        }
        if (!shares.isEmpty()) {
            template.batchUpdate(
                    "UPDATE lab_shares SET user_id = ? WHERE packet_id = ? AND share_index = ? AND user_id IS NULL",
                    shares);
        }
    }

    private static void bindGrab(PreparedStatement ps, GrabLine grab, LocalDateTime now) throws SQLException {
        ps.setLong(1, grab.packetId());
        ps.setLong(2, grab.userId());
        ps.setLong(3, grab.amount());
        if (grab.shareIndex() == NO_SHARE) {
            ps.setNull(4, Types.INTEGER);
        } else {
            ps.setInt(4, grab.shareIndex());
        }
        ps.setObject(5, now);
    }

    public List<GrabRecord> grabs(LabRun run) {
        return jdbc.sql("SELECT packet_id, user_id, amount FROM lab_grabs WHERE packet_id BETWEEN ? AND ?")
                .params(firstPacket(run), lastPacket(run))
                .query((rs, row) ->
                        new GrabRecord(rs.getLong("packet_id"), rs.getLong("user_id"), rs.getLong("amount")))
                .list();
    }

    /** What is left according to the packet rows (strategies that update remaining_amount). */
    public List<PacketBalance> balancesFromPacketRows(LabRun run) {
        return jdbc.sql(
                        "SELECT id, total_amount, share_count, remaining_amount FROM lab_packets WHERE id BETWEEN ? AND ?")
                .params(firstPacket(run), lastPacket(run))
                .query((rs, row) -> new PacketBalance(
                        rs.getLong("id"),
                        rs.getLong("total_amount"),
                        rs.getInt("share_count"),
                        rs.getLong("remaining_amount")))
                .list();
    }

    /** What is left according to the share rows: the shares nobody has taken. */
    public List<PacketBalance> balancesFromShareRows(LabRun run) {
        return jdbc.sql("SELECT p.id, p.total_amount, p.share_count,"
                        + " (SELECT COALESCE(SUM(s.amount), 0) FROM lab_shares s"
                        + "   WHERE s.packet_id = p.id AND s.user_id IS NULL) AS remaining"
                        + " FROM lab_packets p WHERE p.id BETWEEN ? AND ?")
                .params(firstPacket(run), lastPacket(run))
                .query((rs, row) -> new PacketBalance(
                        rs.getLong("id"),
                        rs.getLong("total_amount"),
                        rs.getInt("share_count"),
                        rs.getLong("remaining")))
                .list();
    }

    /** Totals from the packet rows, with what is left taken from elsewhere (Redis). */
    public List<PacketBalance> balancesWithRemaining(LabRun run, Map<Long, Long> remainingByPacket) {
        List<PacketBalance> balances = new ArrayList<>();
        for (PacketBalance row : balancesFromPacketRows(run)) {
            long remaining = remainingByPacket.getOrDefault(row.packetId(), 0L);
            balances.add(new PacketBalance(row.packetId(), row.totalAmount(), row.shareCount(), remaining));
        }
        return balances;
    }

    public JdbcClient jdbc() {
        return jdbc;
    }

    private static long firstPacket(LabRun run) {
        return LabRun.packetId(run.id(), 0);
    }

    private static long lastPacket(LabRun run) {
        return LabRun.packetId(run.id(), (int) (LabRun.PACKETS_PER_RUN - 1));
    }

    public record PacketRow(long remainingAmount, int remainingCount, long version) {}
}
