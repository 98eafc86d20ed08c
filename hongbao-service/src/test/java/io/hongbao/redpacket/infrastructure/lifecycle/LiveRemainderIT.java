package io.hongbao.redpacket.infrastructure.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.lifecycle.ReadScript.LiveSnapshot;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Grabs keep no running total in Redis: while a packet is active its remainder is the shares list (length and sum),
 * and expiry freezes exactly that as the refund. Both must stay exact after partial grabs, also when the packet hash
 * holds stale {@code ramt}/{@code rcnt} fields while the packet is active: nobody may trust them before the close.
 */
class LiveRemainderIT extends RedPacketIntegrationTest {

    @Autowired
    RedisHotPackets hot;

    @Autowired
    ExpirySweeper sweeper;

    @Test
    void afterPartialGrabsTheRemainderIsWhatIsLeftAndExpiryRefundsExactlyThat() {
        assertRemainderAndRefund(false);
    }

    @Test
    void aPacketWithStaleRunningTotalsInItsHashStillReadsAndRefundsExactly() {
        assertRemainderAndRefund(true);
    }

    private void assertRemainderAndRefund(boolean staleRunningTotals) {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet;
        PacketId id;
        long grabbed;
        // The sweeper would close the packet two seconds after sending: hold it until the active state has been read.
        sweeper.stop();
        try {
            packet = packets.sendOk(sender, 1_000, 5, "RANDOM", 2L, null);
            id = new PacketId(packet.id());
            if (staleRunningTotals) {
                // Plainly wrong figures: readers and the refund must take the shares list, never these.
                redis.sync().hset(keys.packet(id), Map.of("ramt", "999999", "rcnt", "77"));
            }
            grabbed = packets.grabOk(newUser(), packet.id()).amount()
                    + packets.grabOk(newUser(), packet.id()).amount();
            LiveSnapshot active = snapshot(id);
            assertThat(active.closed()).isFalse();
            assertThat(active.grabs()).hasSize(2);
            assertThat(active.remainingAmount()).isEqualTo(1_000 - grabbed);
            assertThat(active.remainingCount()).isEqualTo(3);
        } finally {
            sweeper.start();
        }

        await().atMost(Duration.ofSeconds(15)).until(() -> snapshot(id).closed());
        LiveSnapshot closed = snapshot(id);
        assertThat(closed.grabs()).hasSize(2);
        assertThat(closed.remainingAmount()).isEqualTo(1_000 - grabbed);
        assertThat(closed.remainingCount()).isEqualTo(3);
        await().atMost(Duration.ofSeconds(15))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM red_packets WHERE id = ? AND refunded_amount IS NOT NULL")
                                .param(id.value())
                                .query(Long.class)
                                .single()
                        == 1);
        assertThat(jdbc.sql("SELECT refunded_amount FROM red_packets WHERE id = ?")
                        .param(id.value())
                        .query(Long.class)
                        .single())
                .isEqualTo(1_000 - grabbed);
    }

    private LiveSnapshot snapshot(PacketId id) {
        return hot.snapshot(id).toCompletableFuture().join().orElseThrow();
    }
}
