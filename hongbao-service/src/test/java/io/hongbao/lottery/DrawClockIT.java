package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.infrastructure.LotteryInfrastructure;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Two instances, one whose clock runs three hours ahead: with the production wiring (the prize pools on Redis' own
 * clock) a draw through the instance ahead cannot win a unit whose release time is still in Redis' future, and still
 * wins one already released.
 */
class DrawClockIT extends LotteryIntegrationTest {

    @Autowired
    RedisPrimaries primaries;

    @Autowired
    NotExecutedRetry notExecutedRetry;

    @Autowired
    CreatingWheel creating;

    @Autowired
    FillingPrizePools filling;

    @Autowired
    Wheels wheels;

    @Autowired
    Draws draws;

    @Autowired
    Transactions transactions;

    @Autowired
    ReplicatedAcknowledgements replicated;

    @Test
    void aDrawThroughAnInstanceWhoseClockRunsAheadDoesNotWinAUnitBeforeItsReleaseTime() {
        Instant now = Instant.now();
        Instant ahead = now.plus(Duration.ofHours(3));
        DrawingPrize aheadInstance = new DrawingPrize(
                wheels,
                draws,
                LotteryInfrastructure.redisPrizePools(
                        redis, primaries, notExecutedRetry, replicated, Duration.ofDays(7), true),
                filling,
                transactions,
                ForkJoinPool.commonPool(),
                Clock.systemUTC());
        Wheel upcoming = wheel(now.plus(Duration.ofMinutes(10)), now.plus(Duration.ofMinutes(70)));
        creating.create(upcoming, now);
        long placed = poolSize(upcoming.id());
        assertThat(placed)
                .as("units placed ahead, to be released within the hour")
                .isPositive();
        long user = userWithPoints(100);

        DrawOutcome outcome = draw(aheadInstance, user, upcoming, ahead);

        assertThat(outcome).isInstanceOf(DrawOutcome.ConsolationWon.class);
        assertThat(poolSize(upcoming.id())).isEqualTo(placed);

        Wheel released = wheel(now.minus(Duration.ofHours(3)), now.minus(Duration.ofHours(1)));
        creating.create(released, now);
        assertThat(draw(aheadInstance, user, released, ahead)).isInstanceOf(DrawOutcome.PrizeWon.class);
    }

    private static Wheel wheel(Instant startsAt, Instant endsAt) {
        return new Wheel(
                WheelId.random(),
                "Clocks",
                10,
                new Consolation("back", 1),
                List.of(new Prize(PrizeId.random(), "Mug", 5)),
                new Campaign(startsAt, endsAt),
                HourlyWeights.uniform());
    }

    private static DrawOutcome draw(DrawingPrize instance, long user, Wheel wheel, Instant now) {
        SpendOutcome spent = instance.spend(UserId.of(user), wheel.id(), now);
        assertThat(spent).isInstanceOf(SpendOutcome.Spent.class);
        PendingDraw draw = ((SpendOutcome.Spent) spent).draw();
        return instance.finish(draw, now).toCompletableFuture().join().outcome();
    }
}
