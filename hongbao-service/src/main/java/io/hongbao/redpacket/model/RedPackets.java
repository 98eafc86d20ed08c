package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Packets, their shares and their recorded grabs in the system of record. Blocking calls. */
public interface RedPackets {

    /** Stores a new packet and its shares, unpublished; runs inside the caller's transaction. */
    void add(RedPacket packet, List<Share> shares);

    Optional<RedPacket> find(PacketId id);

    /** The packet's state for publishing to Redis, rebuilt from the recorded grabs; empty when unknown. */
    Optional<PacketState> state(PacketId id);

    List<PacketGrab> grabs(PacketId id);

    /** What was refunded; empty while the packet is not closed in the database. */
    Optional<Long> refunded(PacketId id);

    void markPublished(PacketId id);

    /** Packets committed before {@code createdBefore} but never marked published (a crash in between). */
    List<PacketId> unpublished(Instant createdBefore, int limit);

    /** Published packets that expired before {@code expiredBefore} and are still not refunded. */
    List<PacketId> expiredNotRefunded(Instant expiredBefore, int limit);

    /** The sender's packets, newest first, with sums only. */
    List<PacketReport> sentBy(UserId sender, int limit);

    /** The packets sent to a group, newest first, as {@link #sentBy} reports them. */
    List<PacketReport> sentTo(GroupId group, int limit);

    List<MyGrab> grabbedBy(UserId user, int limit);
}
