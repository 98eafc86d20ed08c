package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.Share;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The system of record's packets in memory. Grabs arrive only through {@link #recordGrab}, as the persister's. */
public final class InMemoryRedPackets implements RedPackets {

    private final Groups groups;
    private final Map<PacketId, Stored> packets = new LinkedHashMap<>();
    private final Map<PacketId, Long> refunds = new LinkedHashMap<>();
    private List<String> log = new ArrayList<>();

    public InMemoryRedPackets(Groups groups) {
        this.groups = groups;
    }

    /** Notes each read of a packet's state in {@code log} (shared with other doubles to check the order of calls). */
    void noteStateReadsIn(List<String> log) {
        this.log = log;
    }

    @Override
    public void add(RedPacket packet, List<Share> shares) {
        if (packets.containsKey(packet.id())) {
            throw new IllegalStateException(
                    "packet stored twice: " + packet.id().value());
        }
        packets.put(packet.id(), new Stored(packet, List.copyOf(shares)));
    }

    @Override
    public Optional<RedPacket> find(PacketId id) {
        return Optional.ofNullable(packets.get(id)).map(Stored::packet);
    }

    @Override
    public Optional<PacketState> state(PacketId id) {
        log.add("read the state of " + id.value());
        Stored stored = packets.get(id);
        if (stored == null) {
            return Optional.empty();
        }
        Set<Integer> taken = stored.grabs.stream().map(PacketGrab::seq).collect(Collectors.toSet());
        List<Share> unclaimed =
                stored.shares.stream().filter(s -> !taken.contains(s.seq())).toList();
        List<UserId> members = stored.packet.forGroup()
                ? groups.find(stored.packet.groupId()).map(Group::members).orElse(List.of())
                : List.of();
        return Optional.of(new PacketState(stored.packet, unclaimed, stored.grabs, members, false));
    }

    @Override
    public List<PacketGrab> grabs(PacketId id) {
        return List.copyOf(packets.get(id).grabs);
    }

    @Override
    public Optional<Long> refunded(PacketId id) {
        return Optional.ofNullable(refunds.get(id));
    }

    /** The packet's refund, as the persister records it once Redis closed the packet. */
    void recordRefund(PacketId id, long amount) {
        refunds.put(id, amount);
    }

    @Override
    public void markPublished(PacketId id) {
        packets.get(id).published = true;
    }

    @Override
    public List<PacketId> unpublished(Instant createdBefore, int limit) {
        return packets.values().stream()
                .filter(p -> !p.published && p.packet.createdAt().isBefore(createdBefore))
                .limit(limit)
                .map(p -> p.packet.id())
                .toList();
    }

    @Override
    public List<PacketId> expiredNotRefunded(Instant expiredBefore, int limit) {
        return List.of();
    }

    @Override
    public List<PacketReport> sentBy(UserId sender, int limit) {
        return List.of();
    }

    @Override
    public List<PacketReport> sentTo(GroupId group, int limit) {
        return List.of();
    }

    @Override
    public List<MyGrab> grabbedBy(UserId user, int limit) {
        return List.of();
    }

    /** What the persister writes for a grab Redis granted. */
    void recordGrab(PacketId id, PacketGrab grab) {
        packets.get(id).grabs.add(grab);
    }

    List<Share> shares(PacketId id) {
        return packets.get(id).shares;
    }

    boolean published(PacketId id) {
        return packets.get(id).published;
    }

    int count() {
        return packets.size();
    }

    private static final class Stored {
        final RedPacket packet;
        final List<Share> shares;
        final List<PacketGrab> grabs = new ArrayList<>();
        boolean published;

        Stored(RedPacket packet, List<Share> shares) {
            this.packet = packet;
            this.shares = shares;
        }

        RedPacket packet() {
            return packet;
        }
    }
}
