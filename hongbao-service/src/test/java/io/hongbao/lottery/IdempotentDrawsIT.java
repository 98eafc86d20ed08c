package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Draws with an Idempotency-Key: a repeat answers the first draw and spends nothing more (ADR 0021). */
class IdempotentDrawsIT extends LotteryIntegrationTest {

    private final Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @Test
    void aRepeatedDrawWithTheSameIdempotencyKeyAnswersTheFirstDrawAndSpendsOnce() {
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.minus(Duration.ofSeconds(1)), stock(1, 5)));
        long user = newUser();
        api().grantPoints(user, 100).expectStatus().isOk();

        String first = lottery()
                .draw(user, wheel.id(), "draw-1")
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        String repeat = lottery()
                .draw(user, wheel.id(), "draw-1")
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        assertThat(repeat).isEqualTo(first);
        assertThat(api().pointsOf(user)).isEqualTo(90);
        assertThat(lottery().myDraws(user).items()).hasSize(1);
        lottery().draw(user, wheel.id(), "draw-2").expectStatus().isOk();
        assertThat(api().pointsOf(user)).isEqualTo(80);
    }

    @Test
    void theSameIdempotencyKeyOnAnotherWheelIs422AndChangesNothing() {
        WheelJson one = lottery().createdWheel(LotteryApi.wheelBody(now.minus(Duration.ofHours(2)), now, stock(1, 5)));
        WheelJson two = lottery().createdWheel(LotteryApi.wheelBody(now.minus(Duration.ofHours(2)), now, stock(1, 5)));
        long user = newUser();
        api().grantPoints(user, 100).expectStatus().isOk();
        lottery().draw(user, one.id(), "key").expectStatus().isOk();

        lottery()
                .draw(user, two.id(), "key")
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("IDEMPOTENCY_KEY_REUSED");

        assertThat(api().pointsOf(user)).isEqualTo(90);
        assertThat(lottery().wheelJson(two.id()).prizes()).allMatch(p -> p.won() == 0);
    }

    @Test
    void concurrentRepeatsOfOneKeyDrawOnceAndAllAnswerTheSame() throws Exception {
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.minus(Duration.ofSeconds(1)), stock(1, 5)));
        long user = userWithPoints(100);
        List<Callable<String>> repeats = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            repeats.add(() -> lottery()
                    .draw(user, wheel.id(), "same-key")
                    .expectStatus()
                    .isOk()
                    .expectBody(String.class)
                    .returnResult()
                    .getResponseBody());
        }
        ExecutorService pool = Executors.newFixedThreadPool(repeats.size());
        List<String> answers = new ArrayList<>();
        try {
            for (Future<String> answer : pool.invokeAll(repeats)) {
                answers.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(answers).allMatch(answers.get(0)::equals);
        assertThat(api().pointsOf(user)).isEqualTo(90);
        assertThat(lottery().myDraws(user).items()).hasSize(1);
        assertThat(lottery().wheelJson(wheel.id()).prizes().stream()
                        .mapToLong(LotteryApi.PrizeJson::won)
                        .sum())
                .isEqualTo(1);
    }

    private static Map<String, Integer> stock(int phones, int coupons) {
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("Phone", phones);
        stock.put("Coupon", coupons);
        return stock;
    }
}
