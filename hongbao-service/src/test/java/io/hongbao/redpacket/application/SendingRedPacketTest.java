package io.hongbao.redpacket.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.application.InMemoryGroups;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.idempotency.Once;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.redpacket.model.Share;
import io.hongbao.support.InMemoryOnce;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sending with in-memory ports, no Spring: debit and store in one transaction, publish only after it commits. */
class SendingRedPacketTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final UserId SENDER = UserId.of(7);

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryGroups groups = new InMemoryGroups();
    private final InMemoryRedPackets packets = new InMemoryRedPackets(groups);
    private final InMemoryHotPackets hot = new InMemoryHotPackets(clock, transactions);
    private final InMemoryEscrowAccounts escrow = new InMemoryEscrowAccounts();
    private final SendingRedPacket sending = new SendingRedPacket(
            packets,
            sender -> PacketId.generate(),
            escrow,
            groups,
            transactions,
            new PublishingRedPacket(packets, hot, new InMemoryUnrecordedEvents(), Runnable::run),
            clock,
            () -> new Random(42));

    @Test
    void aSentPacketHoldsItsMoneyInEscrowAndIsPublishedOnlyAfterTheCommit() {
        escrow.deposit(SENDER, 1_000);

        Once.Ran<SendOutcome, PacketId> ran = send(command(600, 4, null), InMemoryOnce.everyTime(transactions));

        PacketId id = ((Once.Done<SendOutcome, PacketId>) ran).answer();
        assertThat(escrow.balance(SENDER)).isEqualTo(400);
        assertThat(escrow.escrowed()).isEqualTo(600);
        assertThat(packets.shares(id)).hasSize(4).extracting(Share::amount).containsOnly(150L);
        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(hot.published()).containsExactly(id);
        assertThat(hot.publishedInsideATransaction()).isFalse();
        assertThat(packets.published(id)).isTrue();
    }

    @Test
    void insufficientFundsChangesNothingAndPublishesNothing() {
        escrow.deposit(SENDER, 100);

        Once.Ran<SendOutcome, PacketId> ran = send(command(600, 4, null), InMemoryOnce.everyTime(transactions));

        assertThat(ran).isEqualTo(new Once.Refused<SendOutcome, PacketId>(new SendOutcome.InsufficientFunds()));
        assertThat(escrow.balance(SENDER)).isEqualTo(100);
        assertThat(escrow.escrowed()).isZero();
        assertThat(packets.count()).isZero();
        assertThat(hot.published()).isEmpty();
    }

    @Test
    void aGroupPacketNeedsAGroupTheSenderBelongsTo() {
        escrow.deposit(SENDER, 1_000);
        Group others = Group.create(GroupId.generate(), "others", UserId.of(8), List.of(UserId.of(9)));
        groups.add(others);

        assertThat(send(command(600, 4, others.id()), InMemoryOnce.everyTime(transactions)))
                .isEqualTo(new Once.Refused<SendOutcome, PacketId>(new SendOutcome.NotInGroup()));
        assertThat(send(command(600, 4, GroupId.generate()), InMemoryOnce.everyTime(transactions)))
                .isEqualTo(new Once.Refused<SendOutcome, PacketId>(new SendOutcome.UnknownGroup()));
        assertThat(escrow.balance(SENDER)).isEqualTo(1_000);
        assertThat(packets.count()).isZero();
        assertThat(hot.published()).isEmpty();
    }

    @Test
    void aGroupPacketCarriesTheGroupsMembersIntoRedis() {
        escrow.deposit(SENDER, 1_000);
        Group friends = Group.create(GroupId.generate(), "friends", SENDER, List.of(UserId.of(9)));
        groups.add(friends);

        PacketId id = answer(send(command(600, 4, friends.id()), InMemoryOnce.everyTime(transactions)));

        assertThat(hot.grab(id, UserId.of(10)).toCompletableFuture().join()).isEqualTo(new GrabOutcome.NotAMember());
        assertThat(hot.grab(id, UserId.of(9)).toCompletableFuture().join()).isInstanceOf(GrabOutcome.Grabbed.class);
    }

    @Test
    void aRepeatedRequestSendsNothingMoreAndGetsTheFirstAnswer() {
        escrow.deposit(SENDER, 1_000);
        InMemoryOnce<PacketId> oneKey = InMemoryOnce.perKey(transactions);

        PacketId first = answer(send(command(600, 4, null), oneKey));
        Once.Ran<SendOutcome, PacketId> repeat = send(command(600, 4, null), oneKey);

        assertThat(repeat).isEqualTo(new Once.Repeated<SendOutcome, PacketId>(first));
        assertThat(escrow.balance(SENDER)).isEqualTo(400);
        assertThat(packets.count()).isEqualTo(1);
        assertThat(hot.published()).containsExactly(first);
    }

    @Test
    void aFailedPublishStillAnswersTheSentPacketAndLeavesItForRecovery() {
        escrow.deposit(SENDER, 1_000);
        hot.failing(true);

        PacketId id = answer(send(command(600, 4, null), InMemoryOnce.everyTime(transactions)));

        assertThat(escrow.escrowed()).isEqualTo(600);
        assertThat(packets.published(id)).isFalse();
        assertThat(packets.unpublished(NOW.plusSeconds(1), 10)).containsExactly(id);
    }

    private Once.Ran<SendOutcome, PacketId> send(SendRedPacketCommand command, Once<PacketId> once) {
        return sending.send(command, once, state -> state.packet().id())
                .toCompletableFuture()
                .join();
    }

    private static PacketId answer(Once.Ran<SendOutcome, PacketId> ran) {
        return ran.answerOr(refusal -> new IllegalStateException("refused: " + refusal));
    }

    private static SendRedPacketCommand command(long total, int count, GroupId group) {
        return new SendRedPacketCommand(
                SENDER, Cents.of(total), count, PacketType.EQUAL, "hi", Duration.ofMinutes(10), group);
    }
}
