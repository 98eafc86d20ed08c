package io.hongbao.redpacket.application;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.idempotency.Once;
import io.hongbao.redpacket.model.PacketIds;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user sends a red packet: in ONE database transaction the sender is debited into the packet's escrow and the packet
 * is stored with its pre-split shares (one local transaction on a sharded database too: the packet's id places it
 * with its sender); only after that commit is it published to Redis ({@link PublishingRedPacket}),
 * so a packet can never be grabbed before its money is held (invariant 4).
 */
public final class SendingRedPacket {

    private static final Logger log = LoggerFactory.getLogger(SendingRedPacket.class);

    private final RedPackets packets;
    private final PacketIds ids;
    private final EscrowAccounts escrow;
    private final Groups groups;
    private final Transactions transactions;
    private final PublishingRedPacket publishing;
    private final Clock clock;
    private final Supplier<RandomGenerator> random;

    public SendingRedPacket(
            RedPackets packets,
            PacketIds ids,
            EscrowAccounts escrow,
            Groups groups,
            Transactions transactions,
            PublishingRedPacket publishing,
            Clock clock,
            Supplier<RandomGenerator> random) {
        this.packets = packets;
        this.ids = ids;
        this.escrow = escrow;
        this.groups = groups;
        this.transactions = transactions;
        this.publishing = publishing;
        this.clock = clock;
        this.random = random;
    }

    /**
     * The whole send: debit and store through {@code once} (which commits, and records the answer under the request's
     * idempotency key when it has one), then publish. A repeated request publishes nothing: its first run did, or the
     * recovery worker will. A failed publish is not the sender's problem either: the recovery worker, or the first
     * grab (which rebuilds the packet from the database), publishes it.
     *
     * @param answer the request's answer for a packet sent (a repeat gets the first one back)
     */
    public <A> CompletionStage<Once.Ran<SendOutcome, A>> send(
            SendRedPacketCommand command, Once<A> once, Function<PacketState, A> answer) {
        return once.run(
                        () -> send(command),
                        outcome -> outcome instanceof SendOutcome.Sent sent
                                ? Optional.of(answer.apply(sent.state()))
                                : Optional.empty())
                .thenCompose(ran ->
                        ran instanceof Once.Done<SendOutcome, A> done && done.outcome() instanceof SendOutcome.Sent sent
                                ? publish(sent.state()).thenApply(published -> ran)
                                : CompletableFuture.completedFuture(ran));
    }

    /**
     * Debit and store alone, without publishing: for a caller that publishes after its own commit. Blocking; joins the
     * caller's transaction when there is one. Refusals change nothing.
     */
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
                    ids.next(command.sender()),
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

    private CompletionStage<Void> publish(PacketState state) {
        return publishing.publishNew(state).exceptionally(failure -> {
            log.warn(
                    "publishing packet {} failed; recovery will publish it: {}",
                    state.packet().id().value(),
                    failure.toString());
            return null;
        });
    }
}
