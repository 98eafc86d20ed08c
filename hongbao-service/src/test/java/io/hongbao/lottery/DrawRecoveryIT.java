package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.application.RecoveringDraws;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.platform.db.Transactions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A crash between the steps of a draw (or of filling a pool), simulated by running the first steps and stopping: the
 * recovery finishes the work exactly once. Times lie years ahead so the workers on the real clock stay out of it.
 */
class DrawRecoveryIT extends LotteryIntegrationTest {

    private static final Duration GRACE = Duration.ofSeconds(5);
    private static final long COST = 10;
    private static final long CONSOLATION = 4;

    @Autowired
    CreatingWheel creating;

    @Autowired
    FillingPrizePools filling;

    @Autowired
    DrawingPrize drawing;

    @Autowired
    RecoveringDraws recovering;

    @Autowired
    Draws draws;

    @Autowired
    PrizePools pools;

    @Autowired
    Transactions transactions;

    private final Instant start =
            Instant.parse("2034-01-01T00:00:00Z").plus(Duration.ofHours(new SplittableRandom().nextInt(200_000)));
    private final Instant now = start.plus(Duration.ofHours(3));

    @Test
    void aDrawStoppedAfterSpendingIsFinishedOnceByTheRecovery() {
        Wheel wheel = wheelWithStock(20);
        long user = userWithPoints(100);
        PendingDraw pending = spend(user, wheel);

        assertThat(api().pointsOf(user)).isEqualTo(90);
        assertThat(draws.find(pending.id()).orElseThrow().result()).isEmpty();
        recovering.recover(now.plus(GRACE).minusMillis(1), GRACE, 1_000); // too young to recover
        assertThat(draws.find(pending.id()).orElseThrow().result()).isEmpty();

        assertThat(recovering.recover(now.plus(GRACE).plusSeconds(1), GRACE, 1_000))
                .isPositive();

        DrawResult result = draws.find(pending.id()).orElseThrow().result().orElseThrow();
        assertThat(result.outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(outcomesOf(pending)).isEqualTo(1);
        assertThat(poolSize(wheel.id())).isEqualTo(placed(wheel) - 1);
        assertThat(api().pointsOf(user)).isEqualTo(90);
        // Recovery and repeats after that change nothing.
        recovering.recover(now.plus(Duration.ofMinutes(5)), GRACE, 1_000);
        assertThat(drawing.finish(pending.id(), now.plus(Duration.ofMinutes(6)))
                        .toCompletableFuture()
                        .join())
                .contains(result);
        assertThat(poolSize(wheel.id())).isEqualTo(placed(wheel) - 1);
    }

    @Test
    void aDrawStoppedAfterRedisDecidedRecordsTheUnitRedisChose() {
        Wheel wheel = wheelWithStock(20);
        long user = userWithPoints(100);
        PendingDraw pending = spend(user, wheel);
        UnitRef chosen = taken(wheel.id(), pending.id(), now);
        long poolAfterTake = poolSize(wheel.id());

        recovering.recover(now.plus(Duration.ofMinutes(1)), GRACE, 1_000);

        DrawResult result = draws.find(pending.id()).orElseThrow().result().orElseThrow();
        assertThat(result.outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(((DrawOutcome.PrizeWon) result.outcome()).unit()).isEqualTo(chosen);
        assertThat(poolSize(wheel.id())).as("no second unit taken").isEqualTo(poolAfterTake);
        assertThat(outcomesOf(pending)).isEqualTo(1);
    }

    @Test
    void aRequestAndTheRecoveryFinishingTogetherRecordOneOutcomeAndCreditOnce() throws Exception {
        Wheel wheel = wheelWithStock(0); // every draw gets the consolation: its credit must happen once
        long user = userWithPoints(100);
        PendingDraw pending = spend(user, wheel);

        List<Callable<Optional<DrawResult>>> finishers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            finishers.add(() -> Optional.of(
                    drawing.finish(pending, now).toCompletableFuture().join()));
            finishers.add(() ->
                    drawing.finish(pending.id(), now).toCompletableFuture().join());
            finishers.add(() -> {
                recovering.recover(now.plus(Duration.ofMinutes(1)), GRACE, 1_000);
                return draws.find(pending.id()).orElseThrow().result();
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(finishers.size());
        List<DrawResult> results = new ArrayList<>();
        try {
            for (Future<Optional<DrawResult>> finisher : pool.invokeAll(finishers)) {
                results.add(finisher.get().orElseThrow());
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(results).allMatch(results.get(0)::equals);
        assertThat(results.get(0).outcome()).isEqualTo(new DrawOutcome.ConsolationWon(wheel.consolation()));
        assertThat(results.get(0).pointsLeft()).isEqualTo(100 - COST + CONSOLATION);
        assertThat(api().pointsOf(user)).isEqualTo(100 - COST + CONSOLATION);
        assertThat(count(
                        "SELECT COUNT(*) FROM point_entries WHERE transfer_ref = ?",
                        "consolation:" + pending.id().value()))
                .isEqualTo(1);
    }

    @Test
    void hoursPlacedButNeverPublishedAreRepublishedWithoutEverReaddingAWonUnit() {
        Wheel wheel = new Wheel(
                WheelId.random(),
                "Crashy",
                COST,
                new Consolation("back", CONSOLATION),
                List.of(new Prize(PrizeId.random(), "Coupon", 30)),
                new Campaign(start, start.plus(Duration.ofHours(6))),
                HourlyWeights.uniform());
        creating.create(wheel, start.minus(Duration.ofDays(1)));
        // The service commits the placed hours, then "crashes" before adding them to the pool.
        int placed = transactions.inTransaction(() -> filling.place(wheel.id(), now)).stream()
                .mapToInt(h -> h.units().size())
                .sum();
        assertThat(placed).isPositive();
        assertThat(poolSize(wheel.id())).isZero();
        long user = userWithPoints(100);
        assertThat(drawOutcome(user, wheel))
                .as("nothing in the pool yet")
                .isInstanceOf(DrawOutcome.ConsolationWon.class);

        assertThat(filling.republish(now.plus(Duration.ofMinutes(1)), 1_000)).isPositive();
        assertThat(poolSize(wheel.id())).isEqualTo(placed);

        // One draw is finished, one stopped after Redis decided: neither unit may come back.
        DrawOutcome.PrizeWon finished = (DrawOutcome.PrizeWon) drawOutcome(user, wheel);
        PendingDraw stopped = spend(user, wheel);
        UnitRef decided = taken(wheel.id(), stopped.id(), now);
        jdbc.sql("UPDATE lottery_hours SET published = FALSE WHERE wheel_id = ?")
                .param(wheel.id().value())
                .update();
        filling.republish(now.plus(Duration.ofMinutes(1)), 1_000);

        assertThat(poolSize(wheel.id())).isEqualTo(placed - 2);
        assertThat(redis.sync().zscore(pool(wheel.id()), finished.unit().member()))
                .isNull();
        assertThat(redis.sync().zscore(pool(wheel.id()), decided.member())).isNull();
        recovering.recover(now.plus(Duration.ofMinutes(1)), GRACE, 1_000);
        assertThat(count(
                        "SELECT COUNT(DISTINCT prize_id, unit_seq) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL",
                        wheel.id().value()))
                .isEqualTo(2);
    }

    private Wheel wheelWithStock(int coupons) {
        Wheel wheel = new Wheel(
                WheelId.random(),
                "Recovery",
                COST,
                new Consolation("back", CONSOLATION),
                List.of(new Prize(PrizeId.random(), "Coupon", coupons)),
                new Campaign(start, start.plus(Duration.ofHours(4))),
                HourlyWeights.uniform());
        creating.create(wheel, now);
        return wheel;
    }

    private PendingDraw spend(long user, Wheel wheel) {
        SpendOutcome spent = drawing.spend(UserId.of(user), wheel.id(), now);
        assertThat(spent).isInstanceOf(SpendOutcome.Spent.class);
        return ((SpendOutcome.Spent) spent).draw();
    }

    private DrawOutcome drawOutcome(long user, Wheel wheel) {
        return drawing.finish(spend(user, wheel), now)
                .toCompletableFuture()
                .join()
                .outcome();
    }

    private long outcomesOf(PendingDraw draw) {
        return count(
                "SELECT COUNT(*) FROM lottery_draws WHERE draw_id = ? AND status = 'DONE'",
                draw.id().value());
    }

    private long placed(Wheel wheel) {
        return count(
                "SELECT COUNT(*) FROM lottery_units WHERE wheel_id = ?",
                wheel.id().value());
    }

    private UnitRef taken(WheelId wheel, DrawId draw, Instant at) {
        return ((PoolTake.Unit)
                        pools.take(wheel, draw, at).toCompletableFuture().join())
                .unit();
    }
}
