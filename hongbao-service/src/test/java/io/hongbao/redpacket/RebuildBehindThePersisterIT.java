package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.workers.PeriodicWorker;
import io.hongbao.redpacket.infrastructure.lifecycle.PublishRecovery;
import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Redis loses a packet's state while the grants it made still wait in the shard stream (the persister is stopped):
 * the database does not know those grants yet, so a packet rebuilt from it would count their shares as unclaimed and
 * hand them out again or refund them. The rebuild is refused (a grab answers 503, recovery skips the packet) until
 * the persister has recorded them; then it rebuilds with them, and no money is created.
 */
class RebuildBehindThePersisterIT extends RedPacketIntegrationTest {

    private static final String REFUSALS = "hongbao.redpacket.rebuilds.refused";

    @Autowired
    GrabPersister persister;

    @Autowired
    PublishRecovery recovery;

    @Autowired
    MeterRegistry registry;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void aLostPacketWhoseGrantsStillWaitInTheStreamIsNotRebuiltUntilThePersisterHasRecordedThem() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 1_000, 10, "EQUAL", null, null);
        Map<Long, Long> granted = new HashMap<>();
        double refusalsBefore = refusals();
        List<String> duringTheOutage = new ArrayList<>();

        persister.stop();
        try {
            for (int i = 0; i < 5; i++) {
                long user = newUser();
                granted.put(user, packets().grabOk(user, packet.id()).amount());
            }
            loseRedisState(packet.id());

            long earlier = granted.keySet().iterator().next();
            duringTheOutage.add(answer(earlier, packet.id()));
            for (int i = 0; i < 6; i++) {
                duringTheOutage.add(answer(newUser(), packet.id()));
            }
        } finally {
            persister.start();
        }

        System.out.printf(
                "RebuildBehindThePersisterIT: 5 grants of 100 waiting in the stream; grabs after Redis lost"
                        + " the packet answered %s%n",
                duringTheOutage);
        assertThat(duringTheOutage)
                .as("grabs while the packet's grants wait for the database (a GRABBED here hands out a share again)")
                .allMatch(a -> a.startsWith("503 UNAVAILABLE"));
        assertThat(redisHolds(packet.id())).isFalse();
        assertThat(refusals() - refusalsBefore).isGreaterThanOrEqualTo(7);

        await().atMost(Duration.ofSeconds(30)).until(() -> recordedGrabs(packet.id()) == 5 && drained(packet.id()));
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
        assertThat(granted.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(1_000);

        await().atMost(Duration.ofSeconds(30)).until(() -> recordedGrabs(packet.id()) == 10);
        granted.forEach((user, amount) -> assertThat(api().balanceOf(user)).isEqualTo(amount));
        assertThat(escrowInLedger(packet.id())).isZero();
        assertAuditOk();
    }

    @Test
    void recoveryRefundsALostExpiredPacketOnlyOnceItsWaitingGrantsAreRecordedAndThenExactlyTheRest() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 1_000, 4, "EQUAL", null, null);
        double refusalsBefore = refusals();
        double failuresBefore = recoveryFailures();
        int recoveredWhileWaiting;

        recovery.stop();
        persister.stop();
        try {
            packets().grabOk(newUser(), packet.id());
            packets().grabOk(newUser(), packet.id());
            loseRedisState(packet.id());
            // Expired a minute ago, longer than the recovery's grace: recovery rebuilds it so the sweeper refunds it.
            jdbc.sql("UPDATE red_packets SET created_at = NOW(3) - INTERVAL 2 MINUTE,"
                            + " expires_at = NOW(3) - INTERVAL 1 MINUTE WHERE id = ?")
                    .param(packet.id())
                    .update();

            recoveredWhileWaiting = recovery.recover();
            // Before the fix the sweeper closes the rebuilt packet now, refunding all four shares.
            sleep(Duration.ofSeconds(2));
        } finally {
            persister.start();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> recordedGrabs(packet.id()) == 2 && drained(packet.id()));
        try {
            recovery.recover();
            await().atMost(Duration.ofSeconds(30)).until(() -> refunded(packet.id()) != null);
        } finally {
            recovery.start();
        }

        long refunded = refunded(packet.id());
        System.out.printf(
                "RebuildBehindThePersisterIT: 2 of 4 shares of 250 granted while the persister was stopped; refunded"
                        + " %d, escrow left in the ledger %d, sender's balance %d%n",
                refunded, escrowInLedger(packet.id()), api().balanceOf(sender));
        assertThat(refunded).as("refund of the two shares never granted").isEqualTo(500);
        assertThat(escrowInLedger(packet.id())).as("escrow in the ledger").isZero();
        assertThat(api().balanceOf(sender)).isEqualTo(500);
        assertThat(recoveredWhileWaiting)
                .as("packets recovery rebuilt while the grants waited")
                .isZero();
        assertThat(refusals() - refusalsBefore).isGreaterThanOrEqualTo(1);
        assertThat(recoveryFailures())
                .as("a refused rebuild is skipped, not failed")
                .isEqualTo(failuresBefore);
        assertAuditOk();
    }

    /** Redis loses the packet's own keys (the shard's stream survives, with the packet's grants in it). */
    private void loseRedisState(String packetId) {
        PacketId id = new PacketId(packetId);
        redis.sync().del(keys.packet(id), keys.shares(id), keys.grabbed(id), keys.members(id));
        redis.sync().zrem(keys.expiry(id), packetId);
    }

    /** The grab's status and outcome, e.g. "200 GRABBED 100" or "503 UNAVAILABLE". */
    private String answer(long user, String packetId) {
        var result = packets().grab(user, packetId).expectBody(Map.class).returnResult();
        Map<?, ?> body = result.getResponseBody();
        if (result.getStatus().value() == 200) {
            return "200 " + body.get("outcome") + " " + body.get("amount");
        }
        return result.getStatus().value() + " " + body.get("code");
    }

    private boolean drained(String packetId) {
        ShardStream stream = new ShardStream(redis.sync(), keys.stream(new PacketId(packetId)), "test");
        return stream.unacknowledged() == 0;
    }

    private boolean redisHolds(String packetId) {
        return redis.sync().exists(keys.packet(new PacketId(packetId))) == 1;
    }

    private long recordedGrabs(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packetId)
                .query(Long.class)
                .single();
    }

    private Long refunded(String packetId) {
        return jdbc.sql("SELECT refunded_amount FROM red_packets WHERE id = ?")
                .param(packetId)
                .query(Long.class)
                .optional()
                .orElse(null);
    }

    private long escrowInLedger(String packetId) {
        return jdbc.sql("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account = ?")
                .param("escrow:" + packetId)
                .query(Long.class)
                .single();
    }

    private double refusals() {
        return registry.find(REFUSALS).counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    private double recoveryFailures() {
        return Metrics.globalRegistry
                .find(PeriodicWorker.ITEM_FAILURES)
                .tag("worker", "publish-recovery")
                .counters()
                .stream()
                .mapToDouble(Counter::count)
                .sum();
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

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
