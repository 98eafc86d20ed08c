package io.hongbao.audit;

import static io.hongbao.support.AuditChecks.check;
import static io.hongbao.support.AuditChecks.checks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.audit.infrastructure.AuditWorker;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The audit names every check, and a broken invariant fails the right check with a useful detail; the periodic audit
 * shows the same in its metric and its health component, without taking the service's health down.
 */
class AuditIT extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RedisConnection redis;

    @Autowired
    PacketKeys keys;

    @Autowired
    AuditWorker periodicAudit;

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
                        "persister-dead-letters",
                        "wheels-at-home",
                        "groups-at-home");
        assertThat(checks(audit))
                .allSatisfy(check -> assertThat(check.get("detail")).isNotNull());
        assertThat(check(audit, "groups-at-home").get("detail")).isEqualTo("one database: every group is at home");
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

    @Test
    void theFullAuditIsTheDefaultTheRecentOneIsAskedForByNameAndAnyOtherScopeIsRefused() {
        assertThat(api().audit().get("scope")).isEqualTo("full");
        Map<String, Object> recent = api().audit("recent");
        assertThat(recent.get("scope")).isEqualTo("recent");
        assertThat(recent.get("ok")).as("recent %s", recent).isEqualTo(true);
        assertThat((String) check(recent, "packet-sums").get("detail")).contains("packets together");

        http.get()
                .uri("/api/v1/admin/audit?scope=everything")
                .headers(h -> h.setBearerAuth(adminToken()))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
    }

    @Test
    void aDiscrepancyTurnsThePeriodicAuditsMetricAndHealthToFailedWhileTheServiceStaysUp() {
        periodicAudit.auditNow();
        assertThat(prometheusScrape()).contains("hongbao_audit_ok 1.0");
        long user = newUser();
        api().deposit(user, 100).expectStatus().isOk();
        jdbc.sql("UPDATE accounts SET balance = balance + 1 WHERE user_id = ?")
                .param(user)
                .update();
        try {
            assertThat(periodicAudit.auditNow().ok()).isFalse();

            assertThat(prometheusScrape())
                    .contains("hongbao_audit_ok 0.0")
                    .contains("hongbao_audit_check_ok{check=\"balances-match-ledger\"} 0.0")
                    .contains("hongbao_audit_check_ok{check=\"packet-sums\"} 1.0")
                    .containsPattern("hongbao_audit_last_run_timestamp_seconds \\d")
                    .containsPattern("hongbao_audit_duration_seconds \\d");
            http.get()
                    .uri("/actuator/health/audit")
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .jsonPath("$.status")
                    .isEqualTo("FAILED")
                    .jsonPath("$.components.periodicAudit.details.failedChecks")
                    .value(failed -> assertThat(failed.toString()).contains("balances-match-ledger"));
            http.get()
                    .uri("/actuator/health")
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .jsonPath("$.status")
                    .isEqualTo("UP");
        } finally {
            jdbc.sql("UPDATE accounts SET balance = balance - 1 WHERE user_id = ?")
                    .param(user)
                    .update();
        }
        periodicAudit.auditNow();
        assertThat(prometheusScrape()).contains("hongbao_audit_ok 1.0");
        http.get()
                .uri("/actuator/health/audit")
                .exchange()
                .expectBody()
                .jsonPath("$.status")
                .isEqualTo("UP");
    }
}
