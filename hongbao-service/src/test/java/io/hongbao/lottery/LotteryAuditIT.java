package io.hongbao.lottery;

import static io.hongbao.support.AuditChecks.check;
import static io.hongbao.support.AuditChecks.checks;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lottery's checks in {@code /api/v1/admin/audit}: they pass after real draws and catch a broken invariant. */
class LotteryAuditIT extends LotteryIntegrationTest {

    private static final List<String> LOTTERY_CHECKS = List.of(
            "lottery-won-placed-stock",
            "lottery-units-won-once",
            "lottery-draws-one-outcome",
            "lottery-points-exact",
            "lottery-pools-match-database");

    @Test
    void everyLotteryCheckHoldsAfterDraws() {
        drawSome();

        Map<String, Object> audit = api().audit();

        assertThat(checks(audit)).extracting(c -> c.get("name")).containsAll(LOTTERY_CHECKS);
        for (String name : LOTTERY_CHECKS) {
            assertThat(check(audit, name).get("ok"))
                    .as(check(audit, name).toString())
                    .isEqualTo(true);
        }
    }

    @Test
    void pointsThatDoNotMatchTheirMovementsFailTheCheck() {
        long user = userWithPoints(50);
        jdbc.sql("UPDATE accounts SET points = points + 1 WHERE user_id = ?")
                .param(user)
                .update();
        try {
            Map<String, Object> audit = api().audit();

            assertThat(audit.get("ok")).isEqualTo(false);
            assertThat(check(audit, "lottery-points-exact").get("ok")).isEqualTo(false);
            assertThat((String) check(audit, "lottery-points-exact").get("detail"))
                    .contains("user " + user);
        } finally {
            jdbc.sql("UPDATE accounts SET points = points - 1 WHERE user_id = ?")
                    .param(user)
                    .update();
        }
        assertThat(check(api().audit(), "lottery-points-exact").get("ok")).isEqualTo(true);
    }

    private void drawSome() {
        Instant now = Instant.now();
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(3)), now.plus(Duration.ofHours(3)), Map.of("Coupon", 10)));
        long user = userWithPoints(200);
        for (int i = 0; i < 12; i++) {
            lottery().draw(user, wheel.id()).expectStatus().isOk();
        }
    }
}
