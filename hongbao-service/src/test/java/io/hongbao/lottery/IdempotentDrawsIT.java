package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lottery.application.DrawingInBatches;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Draws with an Idempotency-Key: a repeat answers the first draw and spends nothing more (ADR 0021); keyed draws are
 * spent in the same batches as the others, their keys recorded by the batch's spend (ADR 0098).
 */
class IdempotentDrawsIT extends LotteryIntegrationTest {

    @Autowired
    private DrawingInBatches batches;

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

    @Test
    void aKeyedDrawIsSpentInABatchAndItsKeyIsRecordedWithItsDraw() {
        WheelJson wheel =
                lottery().createdWheel(LotteryApi.wheelBody(now.minus(Duration.ofHours(2)), now, stock(1, 5)));
        long user = userWithPoints(100);
        long batchedBefore = batches.drawsBatched();

        String drawId = lottery()
                .draw(user, wheel.id(), "batched-key")
                .expectStatus()
                .isOk()
                .expectBody(JsonNode.class)
                .returnResult()
                .getResponseBody()
                .get("drawId")
                .asString();

        assertThat(batches.drawsBatched() - batchedBefore).isGreaterThanOrEqualTo(1);
        assertThat(jdbc.sql("SELECT response_body FROM idempotency_records WHERE shard_user_id = ? AND user_id = ?"
                                + " AND idempotency_key = ?")
                        .params(user, user, "batched-key")
                        .query(String.class)
                        .single())
                .contains(drawId);
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE draw_id = ? AND user_id = ?", drawId, user))
                .isEqualTo(1);
    }

    @Test
    void aKeyedDrawRefusedForItsPointsRecordsNoKeySoTheSameKeyDrawsOnceThePointsAreThere() {
        WheelJson wheel =
                lottery().createdWheel(LotteryApi.wheelBody(now.minus(Duration.ofHours(2)), now, stock(1, 5)));
        long user = userWithPoints(5);

        lottery().draw(user, wheel.id(), "poor-key").expectStatus().isEqualTo(409);
        assertThat(count(
                        "SELECT COUNT(*) FROM idempotency_records WHERE shard_user_id = ? AND user_id = ?", user, user))
                .isZero();
        api().grantPoints(user, 5).expectStatus().isOk();

        lottery().draw(user, wheel.id(), "poor-key").expectStatus().isOk();
        assertThat(api().pointsOf(user))
                .as("10 spent, 3 back if the consolation")
                .isIn(0L, 3L);
        assertThat(lottery().myDraws(user).items()).hasSize(1);
    }

    @Test
    void concurrentRepeatsOfOneKeyAmidOtherKeyedDrawsSpendOnceAndAllAnswerTheFirstDraw() throws Exception {
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofHours(2)), now.minus(Duration.ofSeconds(1)), stock(2, 40)));
        long user = userWithPoints(100);
        List<Long> others = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            others.add(userWithPoints(100));
        }
        long batchedBefore = batches.drawsBatched();
        List<Callable<String>> repeats = new ArrayList<>();
        List<Callable<String>> draws = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            repeats.add(() -> okBody(user, wheel.id(), "one-key"));
            long other = others.get(i % others.size());
            // A fresh key per draw, as the web app sends: these share the batches with the repeats.
            draws.add(() -> okBody(other, wheel.id(), UUID.randomUUID().toString()));
        }
        List<Callable<String>> all = new ArrayList<>();
        for (int i = 0; i < repeats.size(); i++) {
            all.add(repeats.get(i));
            all.add(draws.get(i));
        }

        List<String> answers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(all.size());
        try {
            for (Future<String> answer : pool.invokeAll(all)) {
                answers.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }

        List<String> repeated = new ArrayList<>();
        for (int i = 0; i < answers.size(); i += 2) {
            repeated.add(answers.get(i));
        }
        assertThat(repeated).allMatch(repeated.get(0)::equals);
        assertThat(api().pointsOf(user))
                .as("one draw spent: 100 - 10, + 3 if it won the consolation")
                .isIn(90L, 93L);
        assertThat(lottery().myDraws(user).items()).hasSize(1);
        assertThat(count(
                        "SELECT COUNT(*) FROM idempotency_records WHERE shard_user_id = ? AND user_id = ?", user, user))
                .isEqualTo(1);
        for (long other : others) {
            assertThat(lottery().myDraws(other).items()).hasSize(2);
        }
        assertThat(batches.drawsBatched() - batchedBefore)
                .as("every keyed draw went through the batches")
                .isGreaterThanOrEqualTo(all.size());
    }

    private String okBody(long user, String wheel, String key) {
        return lottery()
                .draw(user, wheel, key)
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    private static Map<String, Integer> stock(int phones, int coupons) {
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("Phone", phones);
        stock.put("Coupon", coupons);
        return stock;
    }
}
