package io.hongbao.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.AuditChecks;
import io.hongbao.support.DeadLetterEntries;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The fault suite's poison entry: entries no script writes are injected into shard streams in the middle of a grab
 * storm from many concurrent clients. One cannot be decoded; the other decodes into a grant of a share somebody
 * already holds, which the database refuses on every attempt. Both end in their shard's dead-letter stream; every
 * grab answered GRABBED is persisted exactly once; the audit names both dead letters, and only that check fails.
 */
class PoisonEntryIT extends RedPacketIntegrationTest {

    private static final int PACKETS = 6;
    private static final int SHARES = 50;
    private static final int USERS = 150;
    private static final int CLIENTS = 32;

    @LocalServerPort
    int port;

    @Test
    void poisonEntriesInjectedDuringAGrabStormAreDeadLetteredAndEveryOtherGrabIsPersistedOnce() throws Exception {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        DeadLetterEntries deadLetters = new DeadLetterEntries(redis.sync(), keys);
        long sender = newUser();
        api().deposit(sender, 1_000_000).expectStatus().isOk();
        PacketJson soldOut = packets.sendOk(sender, 100, 1, null, null, null);
        long soldOutGrabber = newUser();
        packets.grabOk(soldOutGrabber, soldOut.id());
        await().atMost(Duration.ofSeconds(15)).until(() -> recorded(List.of(soldOut.id())) == 1);
        List<String> stormed = new ArrayList<>();
        for (int i = 0; i < PACKETS; i++) {
            stormed.add(
                    packets.sendOk(sender, 10_000, SHARES, "RANDOM", null, null).id());
        }
        List<Plan> plans = new ArrayList<>();
        for (int u = 0; u < USERS; u++) {
            long user = newUser();
            stormed.forEach(packet -> plans.add(new Plan(user, packet)));
        }
        GrabStorm storm = new GrabStorm("http://127.0.0.1:" + port, this::tokenFor);
        int undecodableShard = keys.shardOf(new PacketId(stormed.get(0)));
        int refusedShard = keys.shardOf(new PacketId(soldOut.id()));
        long outsider = newUser();

        CompletableFuture<String[]> injected = CompletableFuture.supplyAsync(() -> {
            await().atMost(Duration.ofSeconds(60)).until(() -> storm.answered() >= plans.size() / 3);
            String undecodable =
                    redis.sync().xadd(keys.stream(undecodableShard), Map.of("k", "grabs", "t", "now", "g", "?"));
            String refused = redis.sync()
                    .xadd(
                            keys.stream(refusedShard),
                            Map.of(
                                    "k",
                                    "grabs",
                                    "t",
                                    Long.toString(System.currentTimeMillis()),
                                    "g",
                                    soldOut.id() + ":" + outsider + ":100:0"));
            return new String[] {undecodable, refused};
        });
        List<Attempt> attempts = storm.run(plans, CLIENTS);
        String[] poison = injected.get();
        try {
            List<Attempt> granted = attempts.stream().filter(Attempt::granted).toList();
            await().atMost(Duration.ofSeconds(30)).until(() -> recorded(stormed) == granted.size());
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> deadLetters.of(undecodableShard, poison[0]).isPresent()
                            && deadLetters.of(refusedShard, poison[1]).isPresent());

            assertThat(granted).hasSize(PACKETS * SHARES);
            Map<String, Long> answered = new HashMap<>();
            granted.forEach(a -> answered.put(a.packetId() + "/" + a.user(), a.amount()));
            assertThat(recordedGrabs(stormed)).isEqualTo(answered);
            assertThat(recorded(List.of(soldOut.id()))).isEqualTo(1);
            assertThat(deadLetters.pending(undecodableShard, poison[0])).isFalse();
            assertThat(deadLetters.pending(refusedShard, poison[1])).isFalse();

            Map<String, Object> audit = api().audit();
            Map<String, Object> check = AuditChecks.check(audit, "persister-dead-letters");
            String detail = (String) check.get("detail");
            assertThat(audit.get("ok")).isEqualTo(false);
            assertThat(check.get("ok")).isEqualTo(false);
            assertThat(detail)
                    .contains("shard " + undecodableShard)
                    .contains(poison[0])
                    .contains("shard " + refusedShard)
                    .contains(poison[1]);
            List<Object> failing = AuditChecks.checks(audit).stream()
                    .filter(c -> !Boolean.TRUE.equals(c.get("ok")))
                    .map(c -> c.get("name"))
                    .toList();
            assertThat(failing).containsExactly("persister-dead-letters");
            System.out.printf(
                    "PoisonEntryIT: %d grab attempts from %d clients, %d GRABBED, %d recorded exactly once;"
                            + " poison %s (shard %d) and %s (shard %d) dead-lettered; audit: %s%n",
                    attempts.size(),
                    CLIENTS,
                    granted.size(),
                    recordedGrabs(stormed).size(),
                    poison[0],
                    undecodableShard,
                    poison[1],
                    refusedShard,
                    detail);
        } finally {
            deadLetters.remove(undecodableShard, poison[0]);
            deadLetters.remove(refusedShard, poison[1]);
        }
        assertThat(api().audit().get("ok")).isEqualTo(true);
    }

    private long recorded(List<String> packetIds) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                .param("ids", packetIds)
                .query(Long.class)
                .single();
    }

    private Map<String, Long> recordedGrabs(List<String> packetIds) {
        Map<String, Long> grabs = new HashMap<>();
        jdbc.sql("SELECT packet_id, user_id, amount FROM packet_grabs WHERE packet_id IN (:ids)")
                .param("ids", packetIds)
                .query(rs -> {
                    grabs.put(rs.getString(1) + "/" + rs.getLong(2), rs.getLong(3));
                });
        return grabs;
    }
}
