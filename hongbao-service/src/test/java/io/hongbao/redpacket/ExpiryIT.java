package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.lifecycle.ExpirySweeper;
import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.infrastructure.persister.PacketEventWriter;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Expiry: no grab after expiresAt, and exactly one refund of exactly what was left, even across restarts. */
class ExpiryIT extends RedPacketIntegrationTest {

    @Autowired
    ExpirySweeper sweeper;

    @Autowired
    GrabPersister persister;

    @Autowired
    PacketEventWriter writer;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void grabsAfterExpiryAreExpiredAndTheRemainderGoesBackOnce() {
        long sender = newUser();
        long early = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 1_000, 5, "RANDOM", 1L, null);
        GrabJson first = packets().grabOk(early, packet.id());
        GrabJson second = packets().grabOk(newUser(), packet.id());
        long remainder = 1_000 - first.amount() - second.amount();

        await().atMost(Duration.ofSeconds(10)).until(() -> closedInRedis(new PacketId(packet.id())));
        GrabJson late = packets().grabOk(newUser(), packet.id());
        GrabJson retry = packets().grabOk(early, packet.id());

        assertThat(late.outcome()).isEqualTo("EXPIRED");
        assertThat(late.amount()).isNull();
        assertThat(retry.outcome()).isEqualTo("ALREADY_GRABBED");
        assertThat(retry.amount()).isEqualTo(first.amount());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> packets().packetOk(sender, packet.id()).refundedAmount() == remainder);
        PacketJson read = packets().packetOk(sender, packet.id());
        assertThat(read.status()).isEqualTo("EXPIRED");
        assertThat(read.remainingAmount()).isZero();
        assertThat(read.remainingCount()).isEqualTo(3);
        assertThat(read.grabs()).hasSize(2);
        assertThat(api().balanceOf(sender)).isEqualTo(10_000 - 1_000 + remainder);
        assertThat(refunds(packet.id())).containsExactly(remainder);
    }

    @Test
    void aSoldOutPacketClosesAtExpiryWithoutARefund() {
        long sender = newUser();
        api().deposit(sender, 300).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 300, 1, null, 1L, null);
        packets().grabOk(newUser(), packet.id());

        await().atMost(Duration.ofSeconds(10))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM red_packets WHERE id = ? AND refunded_amount = 0")
                                .param(packet.id())
                                .query(Long.class)
                                .single()
                        == 1);

        PacketJson read = packets().packetOk(sender, packet.id());
        assertThat(read.status()).isEqualTo("SOLD_OUT");
        assertThat(read.refundedAmount()).isZero();
        assertThat(refunds(packet.id())).isEmpty();
        assertThat(api().balanceOf(sender)).isZero();
    }

    @Test
    void workersStoppedAndRestartedAroundExpiryStillRefundExactlyOnce() {
        long sender = newUser();
        api().deposit(sender, 5_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 5_000, 10, "RANDOM", 1L, null);
        long grabbed = packets().grabOk(newUser(), packet.id()).amount();
        PacketId id = new PacketId(packet.id());
        int shard = keys.shardOf(id);
        ShardStream dead = new ShardStream(redis.sync(), keys.stream(shard), "dead-refunder");

        sweeper.stop();
        persister.stop();
        try {
            // Reading has no side effects: wait until the packet reads as expired; then a grab must say so too.
            await().atMost(Duration.ofSeconds(10))
                    .pollDelay(Duration.ofMillis(1_100))
                    .until(() -> "EXPIRED"
                            .equals(packets().packetOk(sender, packet.id()).status()));
            assertThat(packets().grabOk(newUser(), packet.id()).outcome()).isEqualTo("EXPIRED");
            // The sweeper closes it once; a second sweep (another instance, or this one restarted) finds it closed.
            await().atMost(Duration.ofSeconds(5)).until(() -> sweeper.sweep(shard) >= 0 && closedInRedis(id));
            assertThat(sweeper.sweep(shard)).isZero();
            // A persister takes the refund and dies twice over: once after committing, once before (a replay).
            dead.ensureGroup();
            List<PacketEvent> events = dead.readNew(10_000, Duration.ofMillis(100)).stream()
                    .flatMap(m -> PacketEvent.parse(m.getId(), m.getBody()).stream())
                    .filter(e -> e.packet().equals(id) && e instanceof PacketEvent.Refund)
                    .toList();
            assertThat(events).hasSize(1);
            writer.write(events);
            writer.write(events);
        } finally {
            persister.start();
            sweeper.start();
        }

        await().atMost(Duration.ofSeconds(30)).until(() -> dead.unacknowledged() == 0);
        assertThat(refunds(packet.id())).containsExactly(5_000 - grabbed);
        assertThat(api().balanceOf(sender)).isEqualTo(5_000 - grabbed);
        assertThat(packets().packetOk(sender, packet.id()).refundedAmount()).isEqualTo(5_000 - grabbed);
    }

    @Test
    void aBrokenPacketInTheExpiryQueueDoesNotHoldUpTheRefundsBehindIt() {
        long sender = newUser();
        api().deposit(sender, 2_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 2_000, 4, "RANDOM", 1L, null);
        PacketId id = new PacketId(packet.id());
        int shard = keys.shardOf(id);
        PacketId broken = PacketId.generate();
        while (keys.shardOf(broken) != shard) {
            broken = PacketId.generate();
        }
        double failuresBefore = sweeperFailures();

        sweeper.stop();
        try {
            // Due first in the queue, and its packet key of the wrong type: its script fails every time.
            redis.sync().set(keys.packet(broken), "not a hash");
            redis.sync().zadd(keys.expiry(shard), 0, broken.value());
            await().atMost(Duration.ofSeconds(10))
                    .pollDelay(Duration.ofMillis(1_100))
                    .until(() -> "EXPIRED"
                            .equals(packets().packetOk(sender, packet.id()).status()));

            assertThat(sweeper.sweep(shard))
                    .as("the packet behind the broken one is closed")
                    .isEqualTo(1);
            assertThat(closedInRedis(id)).isTrue();
            assertThat(sweeperFailures()).isGreaterThan(failuresBefore);
        } finally {
            redis.sync().zrem(keys.expiry(shard), broken.value());
            redis.sync().del(keys.packet(broken));
            sweeper.start();
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> packets().packetOk(sender, packet.id()).refundedAmount() == 2_000);
    }

    private static double sweeperFailures() {
        Counter counter = Metrics.globalRegistry
                .find("hongbao.worker.item.failures")
                .tag("worker", "expiry-sweeper")
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private boolean closedInRedis(PacketId id) {
        return "X".equals(redis.sync().hget(keys.packet(id), "st"));
    }

    private List<Long> refunds(String packetId) {
        return jdbc.sql("SELECT amount FROM ledger_entries WHERE packet_id = ? AND kind = 'PACKET_REFUNDED'"
                        + " AND account LIKE 'user:%'")
                .param(packetId)
                .query(Long.class)
                .list();
    }
}
