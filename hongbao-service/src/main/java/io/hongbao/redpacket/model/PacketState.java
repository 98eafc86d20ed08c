package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import java.util.List;

/**
 * Everything Redis needs to decide grabs of one packet: the shares not yet given out (in order), who got which, the
 * group's members (empty when anyone may grab), and whether the packet is already closed (refunded). Built from the
 * database, the truth, when a packet is published or rebuilt.
 */
public record PacketState(
        RedPacket packet, List<Share> unclaimed, List<PacketGrab> grabs, List<UserId> members, boolean closed) {

    public PacketState {
        unclaimed = List.copyOf(unclaimed);
        grabs = List.copyOf(grabs);
        members = List.copyOf(members);
        if (unclaimed.size() + grabs.size() != packet.count()) {
            throw new IllegalStateException("packet " + packet.id().value() + " has " + unclaimed.size()
                    + " unclaimed and " + grabs.size() + " grabbed shares of " + packet.count());
        }
    }

    public static PacketState fresh(RedPacket packet, List<Share> shares, List<UserId> members) {
        return new PacketState(packet, shares, List.of(), members, false);
    }
}
