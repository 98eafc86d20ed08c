package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.AuditChecks;
import io.hongbao.support.DeadLetterEntries;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.lettuce.core.StreamMessage;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Entries the persister cannot write: one it cannot decode, and one whose event the database refuses every time. Each
 * is moved to its shard's dead-letter stream with its id, body and reason, acknowledged only together with that move,
 * counted, and reported by the audit; the entries around it are persisted as usual.
 */
class PersisterDeadLettersIT extends RedPacketIntegrationTest {

    @Autowired
    GrabPersister persister;

    @Autowired
    MeterRegistry registry;

    @Test
    void anEntryThePersisterCannotDecodeIsDeadLetteredWithItsIdBodyAndReasonAndTheRestIsPersisted() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        DeadLetterEntries deadLetters = new DeadLetterEntries(redis.sync(), keys);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, "RANDOM", null, null);
        int shard = keys.shardOf(new PacketId(packet.id()));
        long first = newUser();
        long second = newUser();
        double before = deadLettered(shard);

        packets.grabOk(first, packet.id());
        Map<String, String> poison = new LinkedHashMap<>();
        poison.put("k", "grabs");
        poison.put("t", Long.toString(System.currentTimeMillis()));
        poison.put("g", "not a grant");
        String poisonId = redis.sync().xadd(keys.stream(shard), poison);
        packets.grabOk(second, packet.id());
        try {
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> deadLetters.of(shard, poisonId).isPresent());
            StreamMessage<String, String> dead = deadLetters.of(shard, poisonId).orElseThrow();
            assertThat(dead.getBody()).containsAllEntriesOf(poison).containsEntry("id", poisonId);
            assertThat(dead.getBody().get("reason")).contains("not a grant");
            assertThat(deadLetters.pending(shard, poisonId)).isFalse();
            await().atMost(Duration.ofSeconds(15)).until(() -> recordedGrabs(packet.id()) == 2);
            assertThat(deadLettered(shard)).isEqualTo(before + 1);

            Map<String, Object> audit = api().audit();
            Map<String, Object> check = AuditChecks.check(audit, "persister-dead-letters");
            assertThat(audit.get("ok")).isEqualTo(false);
            assertThat(check.get("ok")).isEqualTo(false);
            assertThat((String) check.get("detail"))
                    .contains("shard " + shard)
                    .contains(poisonId)
                    .contains("not a grant");
            assertThat(AuditChecks.checks(audit).stream()
                            .filter(c -> !"persister-dead-letters".equals(c.get("name")))
                            .allMatch(c -> Boolean.TRUE.equals(c.get("ok"))))
                    .isTrue();
            System.out.printf(
                    "PersisterDeadLettersIT: undecodable entry %s of shard %d dead-lettered: %s%n",
                    poisonId, shard, dead.getBody());
        } finally {
            deadLetters.remove(shard, poisonId);
        }
        assertThat(api().audit().get("ok")).isEqualTo(true);
    }

    @Test
    void anEventTheDatabaseAlwaysRefusesDeadLettersOnlyItsEntryAndTheRestOfTheBatchIsPersisted() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        DeadLetterEntries deadLetters = new DeadLetterEntries(redis.sync(), keys);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 4, "RANDOM", null, null);
        PacketId id = new PacketId(packet.id());
        int shard = keys.shardOf(id);
        long first = newUser();
        long second = newUser();
        long third = newUser();
        long outsider = newUser();
        String poisonId;

        // Everything below lands in one read, one transaction: the poison shares its batch with good entries.
        persister.stop();
        try {
            packets.grabOk(first, packet.id());
            long secondAmount = packets.grabOk(second, packet.id()).amount();
            String firstShare = grant(id, first)[1];
            String secondShare = grant(id, second)[1];
            // A copy of the second's grant (already granted: the writer records it once), then the share the first
            // holds, granted to someone else: UNIQUE (packet, seq) refuses it on every attempt.
            poisonId = redis.sync()
                    .xadd(
                            keys.stream(shard),
                            Map.of(
                                    "k",
                                    "grabs",
                                    "t",
                                    Long.toString(System.currentTimeMillis()),
                                    "g",
                                    packet.id() + ":" + second + ":" + secondAmount + ":" + secondShare + ";"
                                            + packet.id() + ":" + outsider + ":1:" + firstShare));
            packets.grabOk(third, packet.id());
        } finally {
            persister.start();
        }
        try {
            await().atMost(Duration.ofSeconds(15)).until(() -> recordedGrabs(packet.id()) == 3);
            await().atMost(Duration.ofSeconds(15))
                    .until(() -> deadLetters.of(shard, poisonId).isPresent());
            String reason =
                    deadLetters.of(shard, poisonId).orElseThrow().getBody().get("reason");
            assertThat(reason).contains("user " + outsider);
            assertThat(deadLetters.pending(shard, poisonId)).isFalse();
            assertThat(recordedAmount(packet.id(), outsider)).isNull();
            assertThat(api().balanceOf(second)).isEqualTo(recordedAmount(packet.id(), second));
            System.out.printf(
                    "PersisterDeadLettersIT: entry %s of shard %d dead-lettered, its neighbours persisted: %s%n",
                    poisonId, shard, reason);
        } finally {
            deadLetters.remove(shard, poisonId);
        }
        assertThat(api().audit().get("ok")).isEqualTo(true);
    }

    /** The user's grant as Redis holds it: amount, share, time. */
    private String[] grant(PacketId id, long user) {
        return redis.sync().hget(keys.grabbed(id), Long.toString(user)).split(":");
    }

    private double deadLettered(int shard) {
        Counter counter = registry.find("hongbao.persister.dead.letters")
                .tag("shard", Integer.toString(shard))
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private long recordedGrabs(String packetId) {
        return jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                .param(packetId)
                .query(Long.class)
                .single();
    }

    private Long recordedAmount(String packetId, long user) {
        return jdbc.sql("SELECT amount FROM packet_grabs WHERE packet_id = ? AND user_id = ?")
                .params(packetId, user)
                .query(Long.class)
                .optional()
                .orElse(null);
    }
}
