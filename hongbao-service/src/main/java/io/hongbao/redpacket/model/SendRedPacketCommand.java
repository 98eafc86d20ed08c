package io.hongbao.redpacket.model;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.GroupId;
import java.time.Duration;

/** What a sender asks for; the web layer has checked the ranges against the configured limits. */
public record SendRedPacketCommand(
        UserId sender, Cents total, int count, PacketType type, String greeting, Duration expiresIn, GroupId groupId) {

    public SendRedPacketCommand {
        if (count < 1 || total.value() < count) {
            throw new IllegalArgumentException("every share must get at least one cent");
        }
        if (type == PacketType.EQUAL && total.value() % count != 0) {
            throw new IllegalArgumentException("an EQUAL packet's total must divide by its count");
        }
        if (expiresIn.isNegative() || expiresIn.isZero()) {
            throw new IllegalArgumentException("a packet lives for a positive time");
        }
    }
}
