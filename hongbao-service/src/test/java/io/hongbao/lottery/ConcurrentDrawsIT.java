package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.DrawJson;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Hundreds of draws at once through HTTP: stock, units and points stay exact. */
class ConcurrentDrawsIT extends LotteryIntegrationTest {

    private static final int USERS = 40;
    private static final int DRAWS_PER_USER = 12;
    private static final long GRANT = 110;

    @Test
    void concurrentDrawsNeverWinAUnitTwiceAndKeepPointsExact() throws Exception {
        Instant now = Instant.now();
        Map<String, Integer> stock = new LinkedHashMap<>();
        stock.put("Phone", 3);
        stock.put("Coupon", 300);
        // Three of four hours elapsed: about three quarters of the stock is released, fewer units than draws.
        Map<String, Object> body = new HashMap<>(
                LotteryApi.wheelBody(now.minus(Duration.ofHours(3)), now.plus(Duration.ofHours(1)), stock));
        body.remove("hourlyWeights");
        WheelJson wheel = lottery().createdWheel(body);
        List<Long> users = new ArrayList<>();
        for (int i = 0; i < USERS; i++) {
            users.add(newUser());
            // Enough for all but the last draw: each user also gets one 409.
            api().grantPoints(users.get(i), 10L * (DRAWS_PER_USER - 1))
                    .expectStatus()
                    .isOk();
        }

        List<Callable<Attempt>> attempts = new ArrayList<>();
        for (long user : users) {
            for (int i = 0; i < DRAWS_PER_USER; i++) {
                attempts.add(() -> attempt(user, wheel.id()));
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(48);
        List<Attempt> done = new ArrayList<>();
        try {
            for (Future<Attempt> attempt : pool.invokeAll(attempts)) {
                done.add(attempt.get());
            }
        } finally {
            pool.shutdownNow();
        }

        List<DrawJson> draws =
                done.stream().filter(a -> a.draw() != null).map(Attempt::draw).toList();
        long refused = done.stream().filter(a -> a.status() == 409).count();
        assertThat(refused).isPositive();
        assertThat(draws).hasSize(USERS * DRAWS_PER_USER - (int) refused);
        assertThat(draws).allMatch(d -> (d.prize() == null) != (d.consolation() == null));
        assertThat(draws.stream().map(DrawJson::drawId).distinct().count()).isEqualTo(draws.size());
        // Exactly one outcome recorded per draw, no unit twice, none pending.
        String id = wheel.id();
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND status = 'DONE'", id))
                .isEqualTo(draws.size());
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND status <> 'DONE'", id))
                .isZero();
        long prizes = draws.stream().filter(d -> d.prize() != null).count();
        assertThat(count(
                        "SELECT COUNT(DISTINCT prize_id, unit_seq) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL",
                        id))
                .isEqualTo(prizes);
        assertThat(prizes).as("some draws won prizes, some the consolation").isBetween(1L, (long) draws.size() - 1);
        // won ≤ released ≤ stock, and won agrees with the answers.
        WheelJson after = lottery().wheelJson(id);
        after.prizes().forEach(p -> {
            assertThat(p.won()).isLessThanOrEqualTo(p.released());
            assertThat(p.released()).isLessThanOrEqualTo(p.stock());
            assertThat(p.won())
                    .isEqualTo(draws.stream()
                            .filter(d -> d.prize() != null && d.prize().id().equals(p.id()))
                            .count());
        });
        // Points exact: 10 spent per draw, 3 back per consolation; never below zero.
        for (long user : users) {
            long drawn = draws(done, user).count();
            long consoled =
                    draws(done, user).filter(d -> d.consolation() != null).count();
            assertThat(api().pointsOf(user))
                    .isEqualTo(GRANT - 10 * drawn + 3 * consoled)
                    .isNotNegative();
        }
    }

    private static java.util.stream.Stream<DrawJson> draws(List<Attempt> attempts, long user) {
        return attempts.stream()
                .filter(a -> a.user() == user && a.draw() != null)
                .map(Attempt::draw);
    }

    private Attempt attempt(long user, String wheelId) {
        var result = lottery().draw(user, wheelId).returnResult(DrawJson.class);
        int status = result.getStatus().value();
        return new Attempt(
                user, status, status == 200 ? result.getResponseBody().blockFirst() : null);
    }

    private record Attempt(long user, int status, DrawJson draw) {}
}
