package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.RedPackets;
import java.util.List;

/**
 * A user's own packets and grabs, from the database: they may trail the grab answers by the persister's lag, as
 * docs/api.md, Red packets, allows for the /me views.
 */
public final class ReadingHistory {

    private final RedPackets packets;

    public ReadingHistory(RedPackets packets) {
        this.packets = packets;
    }

    public List<PacketReport> sent(UserId sender, int limit) {
        return packets.sentBy(sender, limit);
    }

    public List<MyGrab> grabbed(UserId user, int limit) {
        return packets.grabbedBy(user, limit);
    }
}
