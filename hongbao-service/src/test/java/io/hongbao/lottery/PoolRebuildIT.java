package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.application.RecoveringDraws;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawOutcome;
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
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Redis loses a wheel's keys (no AOF, a failover): the database is the truth, so the next draw loads the pool whole
 * from the units nobody won in the database, and no unit is ever recorded twice, even for a draw
 * that Redis had decided just before the loss. Redis then agrees with the database again (the audit's pool check).
 */
class PoolRebuildIT extends LotteryIntegrationTest {

    @Autowired
    CreatingWheel creating;

    @Autowired
    DrawingPrize drawing;

    @Autowired
    RecoveringDraws recovering;

    @Autowired
    PrizePools pools;

    @Autowired
    FillingPrizePools filling;

    @Autowired
    Draws draws;

    @Autowired
    Transactions transactions;

    private final Instant start =
            Instant.parse("2036-06-01T00:00:00Z").plus(Duration.ofHours(new SplittableRandom().nextInt(100_000)));
    private final Instant now = start.plus(Duration.ofHours(5));

    @Test
    void aLostPoolIsRebuiltFromTheDatabaseAndNoUnitIsWonTwice() {
        Wheel wheel = createdWheel("Lost", 12);
        long user = userWithPoints(1_000);
        for (int i = 0; i < 3; i++) {
            assertThat(drawing.finish(spend(user, wheel), now)
                            .toCompletableFuture()
                            .join()
                            .outcome())
                    .isInstanceOf(DrawOutcome.PrizeWon.class);
        }
        PendingDraw decidedBeforeTheLoss = spend(user, wheel);
        assertThat(pools.take(wheel.id(), decidedBeforeTheLoss.id(), now)
                        .toCompletableFuture()
                        .join())
                .isInstanceOf(PoolTake.Unit.class);

        // Redis loses everything of the wheel (FLUSHDB, a failover without AOF).
        String tag = "{lottery:" + wheel.id().value() + "}";
        loseEverythingOf(wheel);

        // The next draw finds the pool not loaded, loads it whole from the database, and draws from it.
        DrawOutcome first = drawing.finish(spend(user, wheel), now)
                .toCompletableFuture()
                .join()
                .outcome();
        assertThat(first).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(poolSize(wheel.id()))
                .as("every unit not won in the database, minus this one")
                .isEqualTo(12 - 3 - 1);
        assertThat(redis.sync().scard(tag + ":won"))
                .as("the database's wins marked again, and this one")
                .isEqualTo(4);
        for (int i = 0; i < 11; i++) {
            drawing.finish(spend(user, wheel), now).toCompletableFuture().join();
        }
        recovering.recover(now.plus(Duration.ofMinutes(1)), Duration.ofSeconds(5), 1_000);
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL",
                        wheel.id().value()))
                .isEqualTo(12);
        assertThat(count(
                        "SELECT COUNT(DISTINCT prize_id, unit_seq) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL",
                        wheel.id().value()))
                .isEqualTo(12);
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND status <> 'DONE'",
                        wheel.id().value()))
                .isZero();
    }

    /**
     * The order that could strand a draw: A's decision is in flight when Redis loses the pool; B reloads the pool
     * and is handed A's unit (remembered as B's outcome); A records it first. B then finds its unit taken, forgets its
     * remembered outcome and is decided again, instead of staying PENDING with its points spent.
     */
    @Test
    void aDrawWhoseUnitWentToAnotherDrawAfterTheReloadIsDecidedAgain() {
        Wheel wheel = createdWheel("Twice", 3);
        long user = userWithPoints(1_000);
        PendingDraw a = spend(user, wheel);
        UnitRef handedToA = ((PoolTake.Unit) pools.take(wheel.id(), a.id(), now)
                        .toCompletableFuture()
                        .join())
                .unit();

        String tag = "{lottery:" + wheel.id().value() + "}";
        loseEverythingOf(wheel);
        PendingDraw b = spend(user, wheel);
        assertThat(pools.take(wheel.id(), b.id(), now).toCompletableFuture().join())
                .isInstanceOf(PoolTake.NotLoaded.class);
        filling.load(wheel.id());
        assertThat(pools.take(wheel.id(), b.id(), now).toCompletableFuture().join())
                .as("the reloaded pool hands A's unit out again")
                .isEqualTo(new PoolTake.Unit(handedToA));
        transactions.inTransaction(() -> draws.finish(a, new DrawOutcome.PrizeWon(handedToA, "Coupon"), now));

        DrawOutcome bOutcome =
                drawing.finish(b, now).toCompletableFuture().join().outcome();

        assertThat(bOutcome).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(((DrawOutcome.PrizeWon) bOutcome).unit()).isNotEqualTo(handedToA);
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND status = 'DONE'"
                                + " AND prize_id IS NOT NULL",
                        wheel.id().value()))
                .isEqualTo(2);
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = ? AND status <> 'DONE'",
                        wheel.id().value()))
                .isZero();
        assertThat(redis.sync().sismember(tag + ":won", handedToA.member()))
                .as("the forgotten unit stays won")
                .isTrue();
    }

    /** A wheel of one prize, "Coupon", whose whole stock was released before {@code now}. */
    private Wheel createdWheel(String name, int coupons) {
        Wheel wheel = new Wheel(
                WheelId.random(),
                name,
                10,
                new Consolation("back", 1),
                List.of(new Prize(PrizeId.random(), "Coupon", coupons)),
                new Campaign(start, start.plus(Duration.ofHours(4))),
                HourlyWeights.uniform());
        creating.create(wheel, now);
        return wheel;
    }

    private PendingDraw spend(long user, Wheel wheel) {
        return ((SpendOutcome.Spent) drawing.spend(UserId.of(user), wheel.id(), now)).draw();
    }

    /** Every key of the wheel: its pool, won set, loaded marker and each draw's remembered outcome. */
    private void loseEverythingOf(Wheel wheel) {
        String tag = "{lottery:" + wheel.id().value() + "}";
        redis.sync().del(tag + ":pool", tag + ":won", tag + ":outcomes", tag + ":loaded");
        for (String outcome : redis.sync().keys(tag + ":outcome:*")) {
            redis.sync().del(outcome);
        }
    }
}
