package io.hongbao.redpacket.infrastructure.storage;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.collections.Chunks;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.Share;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@link RedPackets} in MariaDB/MySQL. */
public final class JdbcRedPackets implements RedPackets {

    private static final String PACKET_COLUMNS =
            "p.id, p.sender_id, p.type, p.greeting, p.group_id, p.total_amount, p.share_count, p.created_at,"
                    + " p.expires_at, p.refunded_amount";
    private static final int ROWS_PER_INSERT = 500;

    /** Packets with their grab totals and luckiest grabber, as {@link #summary} reads them; a WHERE clause follows. */
    private static final String SUMMARIES = "SELECT " + PACKET_COLUMNS + ","
            + " (SELECT COALESCE(SUM(g.amount), 0) FROM packet_grabs g WHERE g.packet_id = p.id)"
            + " AS grabbed_amount,"
            + " (SELECT COUNT(*) FROM packet_grabs g WHERE g.packet_id = p.id) AS grabbed_count,"
            + " (SELECT g.user_id FROM packet_grabs g WHERE g.packet_id = p.id"
            + " ORDER BY g.amount DESC, g.seq LIMIT 1) AS luckiest"
            + " FROM red_packets p";

    private final JdbcClient jdbc;
    private final Groups groups;

    public JdbcRedPackets(JdbcClient jdbc, Groups groups) {
        this.jdbc = jdbc;
        this.groups = groups;
    }

    @Override
    public void add(RedPacket packet, List<Share> shares) {
        // escrow_left: the escrow holds the whole total until the persister pays out of it (PacketEscrows).
        jdbc.sql("INSERT INTO red_packets (id, sender_id, type, greeting, group_id, total_amount, share_count,"
                        + " created_at, expires_at, escrow_left) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(
                        packet.id().value(),
                        packet.sender().value(),
                        packet.type().name(),
                        packet.greeting(),
                        packet.forGroup() ? packet.groupId().value() : null,
                        packet.total().value(),
                        packet.count(),
                        toSql(packet.createdAt()),
                        toSql(packet.expiresAt()),
                        packet.total().value())
                .update();
        for (List<Share> chunk : Chunks.of(shares, ROWS_PER_INSERT)) {
            List<Object> params = new ArrayList<>(chunk.size() * 3);
            for (Share share : chunk) {
                params.add(packet.id().value());
                params.add(share.seq());
                params.add(share.amount());
            }
            jdbc.sql("INSERT INTO packet_shares (packet_id, seq, amount) VALUES "
                            + String.join(", ", Collections.nCopies(chunk.size(), "(?, ?, ?)")))
                    .params(params)
                    .update();
        }
    }

    @Override
    public Optional<RedPacket> find(PacketId id) {
        return jdbc.sql("SELECT " + PACKET_COLUMNS + " FROM red_packets p WHERE p.id = ?")
                .param(id.value())
                .query((rs, row) -> packet(rs))
                .optional();
    }

    @Override
    public Optional<PacketState> state(PacketId id) {
        Optional<RedPacket> found = find(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        RedPacket packet = found.get();
        List<PacketGrab> grabs = grabs(id);
        Set<Integer> taken = grabs.stream().map(PacketGrab::seq).collect(Collectors.toSet());
        List<Share> unclaimed = shares(id).stream()
                .filter(share -> !taken.contains(share.seq()))
                .toList();
        List<UserId> members = packet.forGroup()
                ? groups.find(packet.groupId()).map(Group::members).orElse(List.of())
                : List.of();
        return Optional.of(
                new PacketState(packet, unclaimed, grabs, members, refunded(id).isPresent()));
    }

    private List<Share> shares(PacketId id) {
        return jdbc.sql("SELECT seq, amount FROM packet_shares WHERE packet_id = ? ORDER BY seq")
                .param(id.value())
                .query((rs, row) -> new Share(rs.getInt("seq"), rs.getLong("amount")))
                .list();
    }

    @Override
    public List<PacketGrab> grabs(PacketId id) {
        return jdbc.sql("SELECT user_id, seq, amount, grabbed_at FROM packet_grabs WHERE packet_id = ? ORDER BY seq")
                .param(id.value())
                .query((rs, row) -> new PacketGrab(
                        UserId.of(rs.getLong("user_id")),
                        rs.getInt("seq"),
                        rs.getLong("amount"),
                        fromSql(rs, "grabbed_at")))
                .list();
    }

    @Override
    public Optional<Long> refunded(PacketId id) {
        return jdbc.sql("SELECT refunded_amount FROM red_packets WHERE id = ? AND refunded_amount IS NOT NULL")
                .param(id.value())
                .query((rs, row) -> rs.getLong(1))
                .optional();
    }

    @Override
    public void markPublished(PacketId id) {
        jdbc.sql("UPDATE red_packets SET published = 1 WHERE id = ? AND published = 0")
                .param(id.value())
                .update();
    }

    @Override
    public List<PacketId> unpublished(Instant createdBefore, int limit) {
        return jdbc.sql("SELECT id FROM red_packets WHERE published = 0 AND created_at < ? ORDER BY created_at LIMIT ?")
                .params(toSql(createdBefore), limit)
                .query((rs, row) -> new PacketId(rs.getString(1)))
                .list();
    }

    @Override
    public List<PacketId> expiredNotRefunded(Instant expiredBefore, int limit) {
        return jdbc.sql("SELECT id FROM red_packets WHERE refunded_amount IS NULL AND expires_at < ?"
                        + " AND published = 1 ORDER BY expires_at LIMIT ?")
                .params(toSql(expiredBefore), limit)
                .query((rs, row) -> new PacketId(rs.getString(1)))
                .list();
    }

    @Override
    public List<PacketReport> sentBy(UserId sender, int limit) {
        return jdbc.sql(SUMMARIES + " WHERE p.sender_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT ?")
                .params(sender.value(), limit)
                .query((rs, row) -> summary(rs))
                .list();
    }

    @Override
    public List<PacketReport> sentTo(GroupId group, int limit) {
        return jdbc.sql(SUMMARIES + " WHERE p.group_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT ?")
                .params(group.value(), limit)
                .query((rs, row) -> summary(rs))
                .list();
    }

    @Override
    public List<MyGrab> grabbedBy(UserId user, int limit) {
        return jdbc.sql("SELECT g.packet_id, p.sender_id, g.amount, g.grabbed_at FROM packet_grabs g"
                        + " JOIN red_packets p ON p.id = g.packet_id"
                        + " WHERE g.user_id = ? ORDER BY g.grabbed_at DESC, g.id DESC LIMIT ?")
                .params(user.value(), limit)
                .query((rs, row) -> new MyGrab(
                        new PacketId(rs.getString("packet_id")),
                        UserId.of(rs.getLong("sender_id")),
                        rs.getLong("amount"),
                        fromSql(rs, "grabbed_at")))
                .list();
    }

    private static PacketReport summary(ResultSet rs) throws SQLException {
        RedPacket packet = packet(rs);
        long refundedAmount = rs.getLong("refunded_amount");
        boolean refunded = !rs.wasNull();
        int grabbedCount = rs.getInt("grabbed_count");
        long luckiest = rs.getLong("luckiest");
        boolean named = packet.type() == PacketType.RANDOM && grabbedCount == packet.count() && luckiest > 0;
        return new PacketReport(
                packet,
                rs.getLong("grabbed_amount"),
                grabbedCount,
                refundedAmount,
                refunded,
                named ? UserId.of(luckiest) : null,
                null);
    }

    private static RedPacket packet(ResultSet rs) throws SQLException {
        String group = rs.getString("group_id");
        return new RedPacket(
                new PacketId(rs.getString("id")),
                UserId.of(rs.getLong("sender_id")),
                PacketType.valueOf(rs.getString("type")),
                rs.getString("greeting"),
                group == null ? null : new GroupId(group),
                Cents.of(rs.getLong("total_amount")),
                rs.getInt("share_count"),
                fromSql(rs, "created_at"),
                fromSql(rs, "expires_at"));
    }
}
