package io.hongbao.redpacket.application;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.redpacket.model.Share;
import io.hongbao.redpacket.model.Splitting;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * A user sends a red packet: in ONE database transaction the sender is debited into the packet's escrow and the packet
 * is stored with its pre-split shares. Publishing to Redis comes after the commit ({@link PublishingRedPacket}), so a
 * packet can never be grabbed before its money is held (invariant 4).
 */
public final class SendingRedPacket {

    private final RedPackets packets;
    private final EscrowAccounts escrow;
    private final Groups groups;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<RandomGenerator> random;

    public SendingRedPacket(
            RedPackets packets,
            EscrowAccounts escrow,
            Groups groups,
            Transactions transactions,
            Clock clock,
            Supplier<RandomGenerator> random) {
        this.packets = packets;
        this.escrow = escrow;
        this.groups = groups;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
    }

    /** Blocking; joins the caller's transaction when there is one (an idempotent request's). */
    public SendOutcome send(SendRedPacketCommand command) {
        return transactions.inTransaction(() -> {
            List<UserId> members = List.of();
            if (command.groupId() != null) {
                Optional<Group> group = groups.find(command.groupId());
                if (group.isEmpty()) {
                    return new SendOutcome.UnknownGroup();
                }
                if (!group.get().hasMember(command.sender())) {
                    return new SendOutcome.NotInGroup();
                }
                members = group.get().members();
            }
            Instant now = clock.instant();
            RedPacket packet = new RedPacket(
                    PacketId.generate(),
                    command.sender(),
                    command.type(),
                    command.greeting(),
                    command.groupId(),
                    command.total(),
                    command.count(),
                    now,
                    now.plus(command.expiresIn()));
            if (!escrow.fund(
                    command.sender(),
                    command.total(),
                    packet.id().escrowAccount(),
                    packet.id().value(),
                    now)) {
                return new SendOutcome.InsufficientFunds();
            }
            List<Share> shares =
                    Splitting.split(command.type(), command.total().value(), command.count(), random.get());
            packets.add(packet, shares);
            return new SendOutcome.Sent(PacketState.fresh(packet, shares, members));
        });
    }
}
