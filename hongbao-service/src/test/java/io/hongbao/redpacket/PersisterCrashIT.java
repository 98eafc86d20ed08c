package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.infrastructure.persister.PacketEventWriter;
import io.hongbao.redpacket.infrastructure.streams.PacketEvent;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.lettuce.core.StreamMessage;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A persister that dies in the middle of a batch: it has taken entries from the stream and even committed part of
 * them, but acknowledged nothing. Another consumer reclaims the entries once they are idle; the replay writes what
 * was missing and skips what was committed: nothing lost, nothing doubled.
 */
class PersisterCrashIT extends RedPacketIntegrationTest {

    private static final int COUNT = 40;

    @Autowired
    GrabPersister persister;

    @Autowired
    PacketEventWriter writer;

    @Test
    void entriesOfAConsumerThatDiedMidBatchAreReclaimedWithNothingLostOrDoubled() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 100_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 100_000, COUNT, "RANDOM", null, null);
        Map<Long, Long> granted = new HashMap<>();
        ShardStream dead =
                new ShardStream(redis.sync(), keys.stream(keys.shardOf(new PacketId(packet.id()))), "dead-consumer");

        persister.stop();
        try {
            for (int i = 0; i < COUNT; i++) {
                long user = newUser();
                GrabJson grab = packets.grabOk(user, packet.id());
                assertThat(grab.outcome()).isEqualTo("GRABBED");
                granted.put(user, grab.amount());
            }
            dead.ensureGroup();
            List<StreamMessage<String, String>> taken = dead.readNew(10_000, Duration.ofMillis(100));
            List<PacketEvent> ours = taken.stream()
                    .flatMap(m -> PacketEvent.parse(m.getId(), m.getBody()).stream())
                    .filter(e -> e.packet().value().equals(packet.id()))
                    .toList();
            assertThat(ours).hasSize(COUNT);
            // The dead consumer got as far as committing half of its batch, then died before XACK.
            writer.write(ours.subList(0, COUNT / 2));
            assertThat(recordedGrabs(packet.id())).isEqualTo(COUNT / 2);
        } finally {
            persister.start();
        }

        // Rows become visible at the commit and the XACK follows it, so wait for both.
        await().atMost(Duration.ofSeconds(30))
                .until(() -> recordedGrabs(packet.id()) == COUNT && dead.unacknowledged() == 0);
        granted.forEach((user, amount) -> assertThat(api().balanceOf(user)).isEqualTo(amount));
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_entries WHERE packet_id = ? AND kind = 'PACKET_GRABBED'"
                                + " AND account LIKE 'user:%'")
                        .param(packet.id())
                        .query(Long.class)
                        .single())
                .isEqualTo(COUNT);
        http.get()
                .uri("/api/v1/admin/audit")
                .headers(h -> h.setBearerAuth(adminToken()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.ok")
                .isEqualTo(true);
        System.out.printf(
                "PersisterCrashIT: %d grants, %d committed before the crash, %d replayed; lost 0, duplicated 0%n",
                COUNT, COUNT / 2, COUNT);
    }

    @Test
    void aBatchWrittenTwiceMovesMoneyOnce() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long grabber = newUser();
        api().deposit(sender, 500).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 500, 1, null, null, null);
        long amount = packets.grabOk(grabber, packet.id()).amount();
        await().atMost(Duration.ofSeconds(10)).until(() -> recordedGrabs(packet.id()) == 1);

        PacketEvent replay = new PacketEvent.Grab(
                "0-1",
                new PacketId(packet.id()),
                io.hongbao.account.model.UserId.of(grabber),
                0,
                amount,
                java.time.Instant.now());
        assertThat(writer.write(List.of(replay, replay))).isZero();

        assertThat(api().balanceOf(grabber)).isEqualTo(amount);
        assertThat(recordedGrabs(packet.id())).isEqualTo(1);
    }

    private long recordedGrabs(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packetId)
                .query(Long.class)
                .single();
    }
}
