package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad draws and bad reads get their status and code, and spend nothing. */
class DrawBadInputIT extends LotteryIntegrationTest {

    @Test
    void anOverlongIdempotencyKeyIs400AndSpendsNothing() {
        WheelJson wheel = openWheel();
        long user = userWithPoints(50);

        lottery()
                .draw(user, wheel.id(), "k".repeat(65))
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");

        assertThat(api().pointsOf(user)).isEqualTo(50);
        assertThat(lottery().myDraws(user).items()).isEmpty();
    }

    @Test
    void aDrawWithoutATokenIs401AndSpendsNothing() {
        WheelJson wheel = openWheel();

        http.post()
                .uri("/api/v1/wheels/" + wheel.id() + "/draw")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");

        assertThat(lottery().wheelJson(wheel.id()).prizes()).allMatch(p -> p.won() == 0);
    }

    @ParameterizedTest(name = "me/draws?limit={0} is 400")
    @ValueSource(strings = {"0", "-1", "201", "abc", "1.5"})
    void aBadLimitIs400(String limit) {
        api().getAs(newUser(), "/api/v1/me/draws?limit=" + limit)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
    }

    private WheelJson openWheel() {
        Instant now = Instant.now();
        return lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.plus(Duration.ofHours(1)), Map.of("Coupon", 5)));
    }
}
