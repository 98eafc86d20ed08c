package io.hongbao.redpacket.infrastructure.storage;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.Share;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The database's packets, each call counted: the live streams' pollers read through this one, so the meter
 * {@code hongbao.live.database.reads} shows what they cost the database (none per poll while Redis holds the packet).
 */
public final class CountedReads implements RedPackets {

    private final RedPackets packets;
    private final Runnable count;

    public CountedReads(RedPackets packets, Runnable count) {
        this.packets = packets;
        this.count = count;
    }

    @Override
    public void add(RedPacket packet, List<Share> shares) {
        count.run();
        packets.add(packet, shares);
    }

    @Override
    public Optional<RedPacket> find(PacketId id) {
        count.run();
        return packets.find(id);
    }

    @Override
    public Optional<PacketState> state(PacketId id) {
        count.run();
        return packets.state(id);
    }

    @Override
    public List<PacketGrab> grabs(PacketId id) {
        count.run();
        return packets.grabs(id);
    }

    @Override
    public Optional<Long> refunded(PacketId id) {
        count.run();
        return packets.refunded(id);
    }

    @Override
    public void markPublished(PacketId id) {
        count.run();
        packets.markPublished(id);
    }

    @Override
    public List<PacketId> unpublished(Instant createdBefore, int limit) {
        count.run();
        return packets.unpublished(createdBefore, limit);
    }

    @Override
    public List<PacketId> expiredNotRefunded(Instant expiredBefore, int limit) {
        count.run();
        return packets.expiredNotRefunded(expiredBefore, limit);
    }

    @Override
    public List<PacketReport> sentBy(UserId sender, int limit) {
        count.run();
        return packets.sentBy(sender, limit);
    }

    @Override
    public List<PacketReport> sentTo(GroupId group, int limit) {
        count.run();
        return packets.sentTo(group, limit);
    }

    @Override
    public List<MyGrab> grabbedBy(UserId user, int limit) {
        count.run();
        return packets.grabbedBy(user, limit);
    }
}
