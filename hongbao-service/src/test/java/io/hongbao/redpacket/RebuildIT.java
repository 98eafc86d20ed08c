package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.lifecycle.PublishRecovery;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.SendOutcome;
import io.hongbao.redpacket.model.SendRedPacketCommand;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Redis state is rebuilt from the database when it is missing: after Redis lost everything (FLUSHDB), and for a
 * packet committed but never published (the service died in between). A rebuild never hands out a share twice.
 */
class RebuildIT extends IntegrationTest {

    @Autowired
    RedisConnection redis;

    @Autowired
    SendingRedPacket sending;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PacketKeys keys;

    @Autowired
    PublishRecovery recovery;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void afterRedisLostEverythingAPacketIsRebuiltAndNoShareIsIssuedTwice() {
        long sender = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 10_000, 10, "RANDOM", null, null);
        Map<Long, Long> granted = new HashMap<>();
        for (int i = 0; i < 5; i++) {
            long user = newUser();
            granted.put(user, packets().grabOk(user, packet.id()).amount());
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> recordedGrabs(packet.id()) == 5);

        redis.sync().flushdb();

        granted.forEach((user, amount) -> {
            GrabJson again = packets().grabOk(user, packet.id());
            assertThat(again.outcome()).isEqualTo("ALREADY_GRABBED");
            assertThat(again.amount()).isEqualTo(amount);
        });
        for (int i = 0; i < 5; i++) {
            long user = newUser();
            GrabJson grab = packets().grabOk(user, packet.id());
            assertThat(grab.outcome()).isEqualTo("GRABBED");
            granted.put(user, grab.amount());
        }
        assertThat(packets().grabOk(newUser(), packet.id()).outcome()).isEqualTo("SOLD_OUT");
        assertThat(granted.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(10_000);

        await().atMost(Duration.ofSeconds(30)).until(() -> recordedGrabs(packet.id()) == 10);
        granted.forEach((user, amount) -> assertThat(api().balanceOf(user)).isEqualTo(amount));
        assertThat(packets().packetOk(sender, packet.id()).status()).isEqualTo("SOLD_OUT");
        assertAuditOk();
    }

    @Test
    void aPacketCommittedButNeverPublishedIsPublishedByItsFirstGrab() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        String id = sendWithoutPublishing(sender, 1_000, 2);

        GrabJson grab = packets().grabOk(newUser(), id);

        assertThat(grab.outcome()).isEqualTo("GRABBED");
        assertThat(published(id)).isTrue();
    }

    @Test
    void aPacketCommittedButNeverPublishedIsPublishedByRecovery() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        String id = sendWithoutPublishing(sender, 1_000, 2);

        await().atMost(Duration.ofSeconds(20)).until(() -> published(id) && redisHolds(id));
        assertThat(packets().grabOk(newUser(), id).outcome()).isEqualTo("GRABBED");
    }

    @Test
    void anExpiredPacketWhoseRedisStateWasLostIsStillRefundedOnce() {
        long sender = newUser();
        api().deposit(sender, 2_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 2_000, 4, "EQUAL", 1L, null);
        packets().grabOk(newUser(), packet.id());
        await().atMost(Duration.ofSeconds(10)).until(() -> recordedGrabs(packet.id()) == 1);

        redis.sync().flushdb();

        await().atMost(Duration.ofSeconds(30))
                .until(() -> packets().packetOk(sender, packet.id()).refundedAmount() == 1_500);
        assertThat(api().balanceOf(sender)).isEqualTo(1_500);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_entries WHERE packet_id = ? AND kind = 'PACKET_REFUNDED'")
                        .param(packet.id())
                        .query(Long.class)
                        .single())
                .isEqualTo(2); // the two legs of one transfer
    }

    @Test
    void aPacketTheRecoveryCannotReadDoesNotHoldUpThePacketsBehindIt() {
        long sender = newUser();
        api().deposit(sender, 2_000).expectStatus().isOk();
        recovery.stop();
        String broken = sendWithoutPublishing(sender, 1_000, 2);
        String fine = sendWithoutPublishing(sender, 1_000, 2);
        try {
            // Older than the grace, the broken one first in line, and its row unreadable (an unknown type).
            jdbc.sql("UPDATE red_packets SET created_at = created_at - INTERVAL 2 MINUTE WHERE id = ?")
                    .param(fine)
                    .update();
            jdbc.sql("UPDATE red_packets SET type = 'BOGUS', created_at = created_at - INTERVAL 3 MINUTE WHERE id = ?")
                    .param(broken)
                    .update();

            assertThat(recovery.recover()).isPositive();

            assertThat(published(fine)).isTrue();
            assertThat(redisHolds(fine)).isTrue();
            assertThat(published(broken)).isFalse();
        } finally {
            jdbc.sql("UPDATE red_packets SET type = 'RANDOM' WHERE id = ?")
                    .param(broken)
                    .update();
            recovery.start();
        }
    }

    private String sendWithoutPublishing(long sender, long total, int count) {
        SendOutcome outcome = sending.send(new SendRedPacketCommand(
                UserId.of(sender), Cents.of(total), count, PacketType.RANDOM, "", Duration.ofHours(1), null));
        assertThat(outcome).isInstanceOf(SendOutcome.Sent.class);
        String id = ((SendOutcome.Sent) outcome).state().packet().id().value();
        assertThat(published(id)).isFalse();
        return id;
    }

    private boolean published(String id) {
        return jdbc.sql("SELECT published FROM red_packets WHERE id = ?")
                .param(id)
                .query(Boolean.class)
                .single();
    }

    private boolean redisHolds(String id) {
        return redis.sync().exists(keys.packet(new PacketId(id))) == 1;
    }

    private long recordedGrabs(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packetId)
                .query(Long.class)
                .single();
    }

    private void assertAuditOk() {
        http.get()
                .uri("/api/v1/admin/audit")
                .headers(h -> h.setBearerAuth(adminToken()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.ok")
                .isEqualTo(true);
    }
}
