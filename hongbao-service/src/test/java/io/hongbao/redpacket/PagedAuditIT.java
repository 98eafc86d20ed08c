package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.redpacket.infrastructure.checks.GrabsRecordedOnceCheck;
import io.hongbao.redpacket.infrastructure.checks.PacketSumsCheck;
import io.hongbao.redpacket.infrastructure.checks.RedisAgreesWithDatabaseCheck;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The red-packet checks read the packets a page at a time (ADR 0068): with pages of two, a packet that is wrong on the
 * last page is still found, and the recent audit, which looks one by one only at what can still change, still catches
 * an old packet gone wrong through its totals while the full audit names it.
 */
class PagedAuditIT extends RedPacketIntegrationTest {

    private static final AuditPaging PAGES_OF_TWO = new AuditPaging(2);

    @Autowired
    RedisConnections client;

    @Autowired
    EachDatabase databases;

    @Autowired
    PacketShards packetShards;

    @Test
    void aPacketWhoseSharesDoNotAddUpIsFoundOnTheLastOfPagesOfTwo() {
        String last = lastOfFivePackets();
        jdbc.sql("UPDATE packet_shares SET amount = amount + 1 WHERE packet_id = ? AND seq = 0")
                .param(last)
                .update();
        try {
            AuditResult result = new PacketSumsCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(AuditScope.FULL);

            assertThat(result.ok()).isFalse();
            assertThat(result.detail()).startsWith("1 packets do not add up: " + last);
        } finally {
            jdbc.sql("UPDATE packet_shares SET amount = amount - 1 WHERE packet_id = ? AND seq = 0")
                    .param(last)
                    .update();
        }
        assertThat(new PacketSumsCheck(jdbc, databases, packetShards, PAGES_OF_TWO)
                        .run(AuditScope.FULL)
                        .ok())
                .isTrue();
    }

    @Test
    void aGrantRedisMadeThatReachedNeitherTheStreamNorTheDatabaseIsFoundOnTheLastOfPagesOfTwo() {
        String last = lastOfFivePackets();
        PacketId id = new PacketId(last);
        // A grant planted as the grab script would make it, minus its stream entry: Redis's own sums still agree.
        String share = redis.sync().lpop(keys.shares(id));
        String[] seqAndAmount = share.split(":");
        long ghost = newUser();
        redis.sync()
                .hset(
                        keys.grabbed(id),
                        Long.toString(ghost),
                        seqAndAmount[1] + ":" + seqAndAmount[0] + ":"
                                + Instant.now().toEpochMilli());
        try (RedisAgreesWithDatabaseCheck check = agreementInPagesOfTwo()) {
            AuditResult result = check.run(AuditScope.FULL);

            assertThat(result.ok()).isFalse();
            assertThat(result.detail())
                    .contains(last + ": Redis granted user " + ghost + " " + seqAndAmount[1]
                            + " but neither the stream nor the database has it");
        } finally {
            redis.sync().hdel(keys.grabbed(id), Long.toString(ghost));
            redis.sync().lpush(keys.shares(id), share);
        }
        try (RedisAgreesWithDatabaseCheck check = agreementInPagesOfTwo()) {
            assertThat(check.run(AuditScope.FULL).ok()).isTrue();
        }
    }

    @Test
    void aGrabPaidTheWrongAmountIsFoundOnTheLastOfPagesOfTwo() {
        String last = lastOfFivePackets();
        long grabber = newUser();
        GrabJson grab = packets().grabOk(grabber, last);
        assertThat(grab.outcome()).isEqualTo("GRABBED");
        awaitRecorded(last, 2);
        // The escrow's debit, which sits with the grab on the packet's database, is matched grab by grab.
        String debit = "UPDATE ledger_entries SET amount = amount %s 1 WHERE transfer_ref = ? AND account = ?";
        List<Object> leg = List.of("grab:" + last + ":" + grabber, "escrow:" + last);
        jdbc.sql(debit.formatted("-")).params(leg).update();
        try {
            AuditResult result =
                    new GrabsRecordedOnceCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(AuditScope.FULL);

            assertThat(result.ok()).isFalse();
            assertThat(result.detail()).contains("0 not matching a share, 1 not paid exactly");
        } finally {
            jdbc.sql(debit.formatted("+")).params(leg).update();
        }
        assertThat(new GrabsRecordedOnceCheck(jdbc, databases, packetShards, PAGES_OF_TWO)
                        .run(AuditScope.FULL)
                        .ok())
                .isTrue();
    }

    @Test
    void aGrabberCreditedTheWrongAmountFailsTheTotalsOfEveryGrabAgainstEveryCredit() {
        String last = lastOfFivePackets();
        long grabber = newUser();
        assertThat(packets().grabOk(grabber, last).outcome()).isEqualTo("GRABBED");
        awaitRecorded(last, 2);
        // The grabber's credit may sit on another database than the grab: the totals, not the match, hold it.
        String credit = "UPDATE ledger_entries SET amount = amount %s 1 WHERE transfer_ref = ? AND account = ?";
        List<Object> leg = List.of("grab:" + last + ":" + grabber, "user:" + grabber);
        jdbc.sql(credit.formatted("+")).params(leg).update();
        try {
            AuditResult result =
                    new GrabsRecordedOnceCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(AuditScope.FULL);

            assertThat(result.ok()).isFalse();
            assertThat(result.detail()).contains("0 not paid exactly").contains("grab credits");
        } finally {
            jdbc.sql(credit.formatted("-")).params(leg).update();
        }
    }

    @Test
    void theRecentAuditCatchesAnOldPacketGoneWrongThroughTheTotalsAndTheFullAuditNamesIt() {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets().sendOk(sender, 1_000, 4, null, 1L, null);
        packets().grabOk(newUser(), packet.id());
        await().atMost(Duration.ofSeconds(15))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM red_packets WHERE id = ? AND refunded_amount IS NOT NULL")
                                .param(packet.id())
                                .query(Long.class)
                                .single()
                        == 1);
        Instant closedAt = jdbc.sql("SELECT refunded_at FROM red_packets WHERE id = ?")
                .param(packet.id())
                .query(LocalDateTime.class)
                .single()
                .toInstant(ZoneOffset.UTC);
        AuditScope recent = AuditScope.recent(closedAt.plusSeconds(1));
        jdbc.sql("UPDATE packet_shares SET amount = amount + 1 WHERE packet_id = ? AND seq = 0")
                .param(packet.id())
                .update();
        try {
            AuditResult inRecent = new PacketSumsCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(recent);
            AuditResult inFull = new PacketSumsCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(AuditScope.FULL);

            assertThat(inRecent.ok()).isFalse();
            assertThat(inRecent.detail())
                    .startsWith("the packets do not add up together")
                    .doesNotContain(packet.id());
            assertThat(inFull.ok()).isFalse();
            assertThat(inFull.detail()).contains(packet.id());
        } finally {
            jdbc.sql("UPDATE packet_shares SET amount = amount - 1 WHERE packet_id = ? AND seq = 0")
                    .param(packet.id())
                    .update();
        }
        AuditResult healthy = new PacketSumsCheck(jdbc, databases, packetShards, PAGES_OF_TWO).run(recent);
        assertThat(healthy.ok()).as(healthy.detail()).isTrue();
        assertThat(healthy.detail()).contains("packets together");
    }

    /** Five new packets; the last has the greatest id of all (ids start with their creation time), one grab in it. */
    private String lastOfFivePackets() {
        long sender = newUser();
        api().deposit(sender, 5_000).expectStatus().isOk();
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sent.add(packets().sendOk(sender, 1_000, 4, null, null, null).id());
        }
        String last = sent.get(4);
        packets().grabOk(newUser(), last);
        awaitRecorded(last, 1);
        assertThat(jdbc.sql("SELECT MAX(id) FROM red_packets")
                        .query(String.class)
                        .single())
                .as("the last page holds the newest packet")
                .isEqualTo(last);
        return last;
    }

    private void awaitRecorded(String packet, long grabs) {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                                .param(packet)
                                .query(Long.class)
                                .single()
                        >= grabs);
    }

    private RedisAgreesWithDatabaseCheck agreementInPagesOfTwo() {
        return new RedisAgreesWithDatabaseCheck(jdbc, keys, client.open(), PAGES_OF_TWO, Duration.ofSeconds(5));
    }

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }
}
