package io.hongbao.redpacket.model;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import java.time.Instant;

/** A packet as sent: who, how much, how many shares, for whom (a group or anyone) and until when. */
public record RedPacket(
        PacketId id,
        UserId sender,
        PacketType type,
        String greeting,
        GroupId groupId,
        Cents total,
        int count,
        Instant createdAt,
        Instant expiresAt) {

    public RedPacket {
        if (count < 1 || total.value() < count) {
            throw new IllegalArgumentException("a packet has 1+ shares of at least a cent each");
        }
        if (!expiresAt.isAfter(createdAt)) {
            throw new IllegalArgumentException("a packet expires after it was created");
        }
    }

    /** Null when anyone with the id may grab. */
    public GroupId groupId() {
        return groupId;
    }

    public boolean forGroup() {
        return groupId != null;
    }

    public boolean isExpiredAt(Instant now) {
        return !now.isBefore(expiresAt);
    }
}
