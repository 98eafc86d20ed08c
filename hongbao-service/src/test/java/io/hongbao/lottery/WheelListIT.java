package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** docs/api.md, Lottery wheels: {@code GET /api/v1/wheels}, newest first, for any signed-in user. */
class WheelListIT extends LotteryIntegrationTest {

    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Test
    void listsTheNewestWheelsAsEachWheelReads() {
        WheelJson older = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(3)), now.plus(Duration.ofDays(1)), Map.of("Phone", 2)));
        WheelJson newer = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(2)), Map.of("Coupon", 5)));

        // Other tests create wheels through the use case with clocks decades ahead (the database is shared by the
        // run), so these two are not the newest overall: only their order and their views are this test's.
        List<WheelJson> listed = wheels(newUser(), 200);
        List<String> ids = listed.stream().map(WheelJson::id).toList();

        assertThat(ids).contains(newer.id(), older.id());
        assertThat(ids.indexOf(newer.id())).isLessThan(ids.indexOf(older.id()));
        assertThat(listed.get(ids.indexOf(newer.id()))).isEqualTo(lottery().wheelJson(newer.id()));
        assertThat(listed.get(ids.indexOf(older.id()))).isEqualTo(lottery().wheelJson(older.id()));
        assertThat(wheels(newUser(), 1)).containsExactly(listed.get(0));
    }

    @Test
    void needsATokenAndAGoodLimit() {
        http.get().uri("/api/v1/wheels").exchange().expectStatus().isUnauthorized();
        http.get()
                .uri("/api/v1/wheels?limit=201")
                .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                .exchange()
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
    }

    private List<WheelJson> wheels(long asUser, int limit) {
        return http.get()
                .uri("/api/v1/wheels?limit=" + limit)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Wheels.class)
                .returnResult()
                .getResponseBody()
                .items();
    }

    record Wheels(List<WheelJson> items) {}
}
