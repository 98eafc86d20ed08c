package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import io.hongbao.group.model.Groups;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.RedPackets;
import java.util.List;

/**
 * The packets sent to a group, for its members only (as the group itself and each of its packets), from the
 * database: like the /me views they may trail the grab answers by the persister's lag.
 */
public final class ReadingGroupPackets {

    /** What a reader gets. */
    public sealed interface Reading permits Found, Unknown, NotVisible {}

    public record Found(List<PacketReport> packets) implements Reading {}

    public record Unknown() implements Reading {}

    public record NotVisible() implements Reading {}

    private final RedPackets packets;
    private final Groups groups;

    public ReadingGroupPackets(RedPackets packets, Groups groups) {
        this.packets = packets;
        this.groups = groups;
    }

    public Reading newest(GroupId group, UserId reader, int limit) {
        return groups.find(group)
                .<Reading>map(g -> g.hasMember(reader) ? new Found(packets.sentTo(group, limit)) : new NotVisible())
                .orElseGet(Unknown::new);
    }
}
