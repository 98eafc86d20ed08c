package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lottery.infrastructure.LotteryAuditChecks;
import io.hongbao.lottery.infrastructure.LotteryAuditChecks.Check;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The lottery's audit checks pass after real draws and catch a broken invariant. */
class LotteryAuditIT extends LotteryIntegrationTest {

    @Autowired
    LotteryAuditChecks audit;

    @Test
    void everyCheckHoldsAfterDraws() {
        drawSome();

        List<Check> checks = audit.run();

        assertThat(checks)
                .extracting(Check::name)
                .containsExactly(
                        "lottery-won-placed-stock",
                        "lottery-units-won-once",
                        "lottery-draws-one-outcome",
                        "lottery-points-exact",
                        "lottery-pools-match-database");
        assertThat(checks)
                .allSatisfy(check -> assertThat(check.ok()).as(check.toString()).isTrue());
    }

    @Test
    void pointsThatDoNotMatchTheirMovementsFailTheCheck() {
        long user = newUser();
        api().grantPoints(user, 50).expectStatus().isOk();
        jdbc.sql("UPDATE accounts SET points = points + 1 WHERE user_id = ?")
                .param(user)
                .update();
        try {
            Check points = audit.run().stream()
                    .filter(c -> c.name().equals("lottery-points-exact"))
                    .findFirst()
                    .orElseThrow();

            assertThat(points.ok()).isFalse();
            assertThat(points.detail()).contains("user " + user);
        } finally {
            jdbc.sql("UPDATE accounts SET points = points - 1 WHERE user_id = ?")
                    .param(user)
                    .update();
        }
    }

    private void drawSome() {
        Instant now = Instant.now();
        LotteryApi lottery = new LotteryApi(api(), http);
        WheelJson wheel = lottery.createdWheel(LotteryApi.wheelBody(
                now.minus(Duration.ofHours(3)), now.plus(Duration.ofHours(3)), Map.of("Coupon", 10)));
        long user = newUser();
        api().grantPoints(user, 200).expectStatus().isOk();
        for (int i = 0; i < 12; i++) {
            lottery.draw(user, wheel.id()).expectStatus().isOk();
        }
    }
}
