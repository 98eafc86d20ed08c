package io.hongbao.redpacket.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.group.application.InMemoryGroups;
import io.hongbao.redpacket.application.ReadingRedPacket.Followed;
import io.hongbao.redpacket.infrastructure.storage.CountedReads;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.Share;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a live stream's poller reads, with in-memory ports and every database call counted. */
class ReadingRedPacketTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final List<Share> SHARES = List.of(new Share(0, 100), new Share(1, 200));

    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryRedPackets packets = new InMemoryRedPackets(new InMemoryGroups());
    private final InMemoryHotPackets hot = new InMemoryHotPackets(Clock.fixed(NOW, ZoneOffset.UTC), transactions);
    private final PublishingRedPacket publishing = new PublishingRedPacket(
            packets, hot, new InMemoryUnrecordedEvents(new java.util.ArrayList<>()), Runnable::run);
    private final AtomicInteger databaseReads = new AtomicInteger();
    private final ReadingRedPacket reading = new ReadingRedPacket(
            new CountedReads(packets, databaseReads::incrementAndGet), hot, new InMemoryGroups(), Runnable::run);

    @Test
    void whileRedisHoldsThePacketOpenAPollReadsTheDatabaseOnlyOnceForThePacketItself() {
        PacketId id = publishedPacket();
        Followed first = follow(id, Optional.empty());
        int afterFirst = databaseReads.get();

        hot.grab(id, UserId.of(1)).toCompletableFuture().join();
        Followed later = first;
        for (int poll = 0; poll < 10; poll++) {
            later = follow(id, Optional.of(later.packet()));
        }

        assertThat(afterFirst).as("the stored packet, once").isEqualTo(1);
        assertThat(databaseReads.get()).as("no read per poll").isEqualTo(1);
        assertThat(later.report().grabbedCount()).isEqualTo(1);
        assertThat(later.finished()).isFalse();
    }

    @Test
    void aPacketSoldOutInRedisIsFinishedWithoutAnyDatabaseRead() {
        PacketId id = publishedPacket();
        Followed first = follow(id, Optional.empty());
        hot.grab(id, UserId.of(1)).toCompletableFuture().join();
        hot.grab(id, UserId.of(2)).toCompletableFuture().join();
        int before = databaseReads.get();

        Followed soldOut = follow(id, Optional.of(first.packet()));

        assertThat(soldOut.finished()).isTrue();
        assertThat(soldOut.report().remainingCount()).isZero();
        assertThat(databaseReads.get()).isEqualTo(before);
    }

    @Test
    void aPacketRedisDoesNotHoldIsReadFromTheDatabaseAndFinishedOnceItsRefundIsRecorded() {
        PacketId id = storedPacket();
        packets.recordGrab(id, new PacketGrab(UserId.of(1), 0, 100, NOW));
        Followed waiting = follow(id, Optional.empty());
        assertThat(waiting.finished()).as("the refund is still on its way").isFalse();
        assertThat(waiting.report().grabbedCount()).isEqualTo(1);

        packets.recordRefund(id, 200);
        Followed refunded = follow(id, Optional.of(waiting.packet()));

        assertThat(refunded.finished()).isTrue();
        assertThat(refunded.report().refunded()).isEqualTo(200);
        assertThat(refunded.report().remainingAmount()).isZero();
    }

    @Test
    void anUnknownPacketIsEmpty() {
        assertThat(reading.follow(PacketId.generate(), Optional.empty())
                        .toCompletableFuture()
                        .join())
                .isEmpty();
    }

    private Followed follow(PacketId id, Optional<RedPacket> known) {
        return reading.follow(id, known).toCompletableFuture().join().orElseThrow();
    }

    private PacketId publishedPacket() {
        PacketId id = storedPacket();
        publishing.publishFromDatabase(id).toCompletableFuture().join();
        databaseReads.set(0);
        return id;
    }

    private PacketId storedPacket() {
        RedPacket packet = new RedPacket(
                PacketId.generate(),
                UserId.of(99),
                PacketType.RANDOM,
                "",
                null,
                Cents.of(300),
                2,
                NOW.minusSeconds(1),
                NOW.plus(Duration.ofMinutes(10)));
        packets.add(packet, SHARES);
        return packet.id();
    }
}
