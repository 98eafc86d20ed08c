package io.hongbao.audit;

import static io.hongbao.support.AuditChecks.check;
import static io.hongbao.support.AuditChecks.checks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The audit names every check, and a broken invariant fails the right check with a useful detail. */
class AuditIT extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    StatefulRedisConnection<String, String> redis;

    @Autowired
    PacketKeys keys;

    @Test
    void aHealthySystemPassesEveryCheck() {
        Map<String, Object> audit = api().audit();

        assertThat(audit.get("ok")).isEqualTo(true);
        assertThat(checks(audit))
                .extracting(check -> check.get("name"))
                .contains(
                        "redis-db-agreement",
                        "money-conservation",
                        "balances-match-ledger",
                        "packet-sums",
                        "grabs-recorded-once",
                        "persister-dead-letters");
        assertThat(checks(audit))
                .allSatisfy(check -> assertThat(check.get("detail")).isNotNull());
    }

    @Test
    void aBalanceThatDoesNotMatchItsLedgerFailsTheMoneyChecks() {
        long user = newUser();
        api().deposit(user, 100).expectStatus().isOk();
        jdbc.sql("UPDATE accounts SET balance = balance + 1 WHERE user_id = ?")
                .param(user)
                .update();
        try {
            Map<String, Object> audit = api().audit();

            assertThat(audit.get("ok")).isEqualTo(false);
            assertThat(check(audit, "balances-match-ledger").get("ok")).isEqualTo(false);
            assertThat((String) check(audit, "balances-match-ledger").get("detail"))
                    .contains("user " + user);
            assertThat(check(audit, "money-conservation").get("ok")).isEqualTo(false);
        } finally {
            jdbc.sql("UPDATE accounts SET balance = balance - 1 WHERE user_id = ?")
                    .param(user)
                    .update();
        }
        assertThat(api().audit().get("ok")).isEqualTo(true);
    }

    @Test
    void aGrantInRedisThatNeverReachedTheDatabaseFailsTheAgreementCheck() {
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, null, null, null);
        packets.grabOk(newUser(), packet.id());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> api().audit().get("ok").equals(true));
        String grabbed = keys.grabbed(new PacketId(packet.id()));
        long ghost = newUser();
        redis.sync().hset(grabbed, Long.toString(ghost), "1:1:1");
        try {
            Map<String, Object> audit = api().audit();

            assertThat(audit.get("ok")).isEqualTo(false);
            assertThat(check(audit, "redis-db-agreement").get("ok")).isEqualTo(false);
            assertThat((String) check(audit, "redis-db-agreement").get("detail"))
                    .contains(packet.id());
        } finally {
            redis.sync().hdel(grabbed, Long.toString(ghost));
        }
        assertThat(api().audit().get("ok")).isEqualTo(true);
    }
}
