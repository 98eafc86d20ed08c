package io.hongbao.redpacket.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.application.InMemoryGroups;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RebuildRefused;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.Share;
import io.hongbao.redpacket.model.UnknownPackets;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Grabbing with in-memory ports, no Spring: Redis decides; a packet Redis does not hold is rebuilt once from the
 * database, grabs already recorded included, so nobody gets a second share, and not while some of its grants still
 * wait for the database.
 */
class GrabbingRedPacketTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final List<Share> SHARES = List.of(new Share(0, 100), new Share(1, 200), new Share(2, 300));

    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryRedPackets packets = new InMemoryRedPackets(new InMemoryGroups());
    private final InMemoryHotPackets hot = new InMemoryHotPackets(Clock.fixed(NOW, ZoneOffset.UTC), transactions);
    private final List<String> calls = new ArrayList<>();
    private final InMemoryUnrecordedEvents unrecorded = new InMemoryUnrecordedEvents(calls);
    private final PublishingRedPacket publishing = new PublishingRedPacket(packets, hot, unrecorded, Runnable::run);
    private final GrabbingRedPacket grabbing = new GrabbingRedPacket(hot, publishing, UnknownPackets.none());

    @Test
    void sharesGoOutInOrderOnePerUserUntilSoldOut() {
        PacketId id = publishedPacket();

        assertThat(grab(id, 1)).isEqualTo(new GrabOutcome.Grabbed(100, NOW));
        assertThat(grab(id, 2)).isEqualTo(new GrabOutcome.Grabbed(200, NOW));
        assertThat(grab(id, 1)).isEqualTo(new GrabOutcome.AlreadyGrabbed(100));
        assertThat(grab(id, 3)).isEqualTo(new GrabOutcome.Grabbed(300, NOW));
        assertThat(grab(id, 4)).isEqualTo(new GrabOutcome.SoldOut());
    }

    @Test
    void aPacketRedisDoesNotHoldIsPublishedFromTheDatabaseAndGrabbed() {
        PacketId id = storedPacket();

        assertThat(grab(id, 1)).isEqualTo(new GrabOutcome.Grabbed(100, NOW));
        assertThat(hot.published()).containsExactly(id);
        assertThat(packets.published(id)).isTrue();
        assertThat(hot.grabCalls()).isEqualTo(2);
    }

    @Test
    void aUserWhoGrabbedBeforeRedisLostThePacketGetsTheSameShareAgainAndNoOneGetsItTwice() {
        PacketId id = publishedPacket();
        GrabOutcome.Grabbed first = (GrabOutcome.Grabbed) grab(id, 1);
        packets.recordGrab(id, new PacketGrab(UserId.of(1), 0, first.amount(), first.at()));
        hot.lose(id);

        assertThat(grab(id, 1)).isEqualTo(new GrabOutcome.AlreadyGrabbed(100));
        assertThat(grab(id, 2)).isEqualTo(new GrabOutcome.Grabbed(200, NOW));
    }

    @Test
    void aLostPacketWhoseGrantsStillWaitForTheDatabaseIsNotRebuiltUntilTheyAreRecorded() {
        PacketId id = publishedPacket();
        GrabOutcome.Grabbed first = (GrabOutcome.Grabbed) grab(id, 1);
        unrecorded.waiting(id);
        hot.lose(id);

        assertThatThrownBy(() -> grab(id, 2))
                .as("the database does not know user 1's grant yet: a rebuild would hand out share 0 again")
                .hasCauseInstanceOf(RebuildRefused.class);
        assertThatThrownBy(() -> grab(id, 1)).hasCauseInstanceOf(RebuildRefused.class);
        assertThat(hot.published()).containsExactly(id);

        packets.recordGrab(id, new PacketGrab(UserId.of(1), 0, first.amount(), first.at()));
        unrecorded.recorded(id);
        assertThat(grab(id, 1)).isEqualTo(new GrabOutcome.AlreadyGrabbed(100));
        assertThat(grab(id, 2)).isEqualTo(new GrabOutcome.Grabbed(200, NOW));
    }

    @Test
    void theStreamsAreAskedBeforeThePacketsStateIsReadFromTheDatabase() {
        PacketId id = storedPacket();
        packets.noteStateReadsIn(calls);

        grab(id, 1);

        // Asked after the read, they could miss a grant recorded and acknowledged in between.
        assertThat(calls).containsExactly("asked the streams about " + id.value(), "read the state of " + id.value());
    }

    @Test
    void aPacketNobodyKnowsIsNotFoundAfterOneLookInTheDatabase() {
        PacketId unknown = PacketId.generate();

        assertThat(grab(unknown, 1)).isEqualTo(new GrabOutcome.NotFound());
        assertThat(hot.grabCalls()).isEqualTo(1);
        assertThat(hot.published()).isEmpty();
        assertThat(calls).as("an unknown id costs no look at the streams").isEmpty();
    }

    private GrabOutcome grab(PacketId id, long user) {
        return grabbing.grab(id, UserId.of(user)).toCompletableFuture().join();
    }

    private PacketId publishedPacket() {
        PacketId id = storedPacket();
        publishing.publishFromDatabase(id).toCompletableFuture().join();
        return id;
    }

    private PacketId storedPacket() {
        RedPacket packet = new RedPacket(
                PacketId.generate(),
                UserId.of(99),
                PacketType.RANDOM,
                "",
                null,
                Cents.of(600),
                3,
                NOW.minusSeconds(1),
                NOW.plus(Duration.ofMinutes(10)));
        packets.add(packet, SHARES);
        return packet.id();
    }
}
