package io.hongbao.lottery;

import static io.hongbao.platform.db.SqlTime.toSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.CreatingWheel;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.application.ReadingWheels;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourSlot;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.release.ReleasePlan;
import io.hongbao.lottery.model.release.ReleasePlanTolerance;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.support.TestStorage;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A campaign of days run in seconds: the test drives the pool filler and the draws with simulated instants (every
 * use case takes its "now" from the caller, which in the service is the injected Clock). The campaign lies years
 * ahead, so the workers running on the real clock in the same service never touch it.
 */
@Tag(TestStorage.SERVER_INDEPENDENT)
class LotteryCampaignIT extends LotteryIntegrationTest {

    private static final Duration STEP = Duration.ofMinutes(10);
    private static final long COST = 10;
    private static final long CONSOLATION = 4;

    @Autowired
    CreatingWheel creating;

    @Autowired
    FillingPrizePools filling;

    @Autowired
    DrawingPrize drawing;

    @Autowired
    ReadingWheels reading;

    @Test
    void aThreeDayCampaignReleasesByTheWeightsNeverEarlyAndEverythingByTheEnd() {
        Instant start =
                Instant.parse("2031-05-01T05:30:00Z").plus(Duration.ofDays(new SplittableRandom().nextInt(3_000)));
        Campaign campaign = new Campaign(start, start.plus(Duration.ofDays(3)).plus(Duration.ofMinutes(20)));
        HourlyWeights weights = HourlyWeights.of(Map.of(20, 3.0, 21, 3.0, 4, 0.0));
        Prize phone = new Prize(PrizeId.random(), "Phone", 5);
        Prize coupon = new Prize(PrizeId.random(), "Coupon", 8_400);
        Wheel wheel = new Wheel(
                WheelId.random(),
                "Campaign",
                COST,
                new Consolation("4 back", CONSOLATION),
                List.of(phone, coupon),
                campaign,
                weights);
        creating.create(wheel, start.minus(Duration.ofHours(2)));
        List<Long> users = usersWithPoints(12, 100_000);
        Map<Long, Long> expectedPoints = new HashMap<>();
        users.forEach(u -> expectedPoints.put(u, 100_000L));
        SplittableRandom random = new SplittableRandom(42);
        List<DrawResult> results = new ArrayList<>();

        for (Instant now = start.minus(Duration.ofHours(2));
                now.isBefore(campaign.endsAt().plus(Duration.ofHours(1)));
                now = now.plus(STEP)) {
            filling.fill(wheel.id(), now);
            assertEverySlotStartingBeforeIsPlaced(wheel, now);
            for (int i = 0; i < 3; i++) {
                long user = users.get(random.nextInt(users.size()));
                Instant at = now.plusSeconds(random.nextInt(600));
                DrawResult result = draw(user, wheel.id(), at);
                results.add(result);
                expectedPoints.merge(
                        user,
                        -COST + (result.outcome() instanceof DrawOutcome.ConsolationWon ? CONSOLATION : 0),
                        Long::sum);
            }
            assertTalliesHold(wheel, now.plus(STEP)); // the step's draws happened before
        }

        // All stock released by endsAt, nothing before its hour or outside the campaign.
        List<PrizeTally> atEnd =
                reading.wheel(wheel.id(), campaign.endsAt()).orElseThrow().prizes();
        assertThat(atEnd).allMatch(t -> t.released() == t.prize().stock());
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_units WHERE wheel_id = ? AND (release_at < hour_start"
                                + " OR release_at >= hour_start + INTERVAL 1 HOUR OR release_at < ? OR release_at >= ?)",
                        wheel.id().value(),
                        toSql(campaign.startsAt()),
                        toSql(campaign.endsAt())))
                .isZero();
        // Every prize won was released when it was won; no unit twice.
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_draws d JOIN lottery_units u ON u.prize_id = d.prize_id AND u.seq = d.unit_seq"
                                + " WHERE d.wheel_id = ? AND u.release_at > d.created_at",
                        wheel.id().value()))
                .isZero();
        long prizesWon = results.stream()
                .filter(r -> r.outcome() instanceof DrawOutcome.PrizeWon)
                .count();
        assertThat(count(
                        "SELECT COUNT(DISTINCT prize_id, unit_seq) FROM lottery_draws WHERE wheel_id = ? AND prize_id IS NOT NULL",
                        wheel.id().value()))
                .isEqualTo(prizesWon);
        assertThat(results.stream()
                        .filter(r -> r.outcome() instanceof DrawOutcome.PrizeWon)
                        .map(r -> ((DrawOutcome.PrizeWon) r.outcome()).unit())
                        .distinct()
                        .count())
                .isEqualTo(prizesWon);
        // Each hour got its weight's share of the coupons, within the stated tolerance.
        ReleasePlan plan = wheel.releasePlan();
        List<HourSlot> slots = campaign.slotsFrom(campaign.firstHour());
        double totalWeight = slots.stream().mapToDouble(plan::weightOf).sum();
        for (HourSlot slot : slots) {
            double ideal = coupon.stock() * plan.weightOf(slot) / totalWeight;
            long placed = count(
                    "SELECT COUNT(*) FROM lottery_units WHERE prize_id = ? AND hour_start = ?",
                    coupon.id().value(),
                    toSql(slot.start()));
            assertThat((double) placed)
                    .as("coupons in the hour of %s", slot.start())
                    .isCloseTo(ideal, within(ReleasePlanTolerance.unitsOff(ideal)));
        }
        // The pool holds exactly the units nobody won; points are exact.
        assertThat(poolSize(wheel.id())).isEqualTo(phone.stock() + coupon.stock() - prizesWon);
        users.forEach(u -> assertThat(api().pointsOf(u)).as("points of %d", u).isEqualTo(expectedPoints.get(u)));
    }

    @Test
    void severalFillersAtOnceFillEachHourOnce() throws Exception {
        Instant start =
                Instant.parse("2032-02-01T00:00:00Z").plus(Duration.ofDays(new SplittableRandom().nextInt(3_000)));
        Campaign campaign = new Campaign(start, start.plus(Duration.ofDays(9)));
        Prize coupon = new Prize(PrizeId.random(), "Coupon", 20_000);
        Wheel wheel = new Wheel(
                WheelId.random(),
                "Busy",
                COST,
                new Consolation("none", 0),
                List.of(coupon),
                campaign,
                HourlyWeights.uniform());
        creating.create(wheel, start.minus(Duration.ofDays(1)));
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Integer>> fillers = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                Instant now = start.plus(Duration.ofHours(i * 40L));
                fillers.add(
                        pool.submit(() -> filling.fill(wheel.id(), now) + filling.fill(wheel.id(), campaign.endsAt())));
            }
            long placed = 0;
            for (Future<Integer> filler : fillers) {
                placed += filler.get();
            }
            assertThat(placed).isEqualTo(coupon.stock());
        } finally {
            pool.shutdownNow();
        }
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_hours WHERE wheel_id = ?",
                        wheel.id().value()))
                .isEqualTo(9 * 24);
        assertThat(count(
                        "SELECT COALESCE(SUM(units), 0) FROM lottery_hours WHERE wheel_id = ?",
                        wheel.id().value()))
                .isEqualTo(coupon.stock());
        assertThat(count(
                        "SELECT COUNT(*) FROM lottery_units WHERE wheel_id = ?",
                        wheel.id().value()))
                .isEqualTo(coupon.stock());
        assertThat(count(
                        "SELECT placed FROM lottery_prizes WHERE id = ?",
                        coupon.id().value()))
                .isEqualTo(coupon.stock());
        assertThat(poolSize(wheel.id())).isEqualTo(coupon.stock());
    }

    private DrawResult draw(long user, WheelId wheel, Instant at) {
        SpendOutcome spent = drawing.spend(UserId.of(user), wheel, at);
        assertThat(spent).isInstanceOf(SpendOutcome.Spent.class);
        return drawing.finish(((SpendOutcome.Spent) spent).draw(), at)
                .toCompletableFuture()
                .join();
    }

    private void assertEverySlotStartingBeforeIsPlaced(Wheel wheel, Instant now) {
        Instant hour = now.truncatedTo(ChronoUnit.HOURS);
        if (!hour.isBefore(wheel.campaign().firstHour())
                && hour.isBefore(wheel.campaign().endsAt())) {
            assertThat(count(
                            "SELECT COUNT(*) FROM lottery_hours WHERE wheel_id = ? AND hour_start = ?",
                            wheel.id().value(),
                            toSql(hour)))
                    .as("the hour of %s is placed", now)
                    .isEqualTo(1);
        }
    }

    private void assertTalliesHold(Wheel wheel, Instant now) {
        for (PrizeTally tally : reading.wheel(wheel.id(), now).orElseThrow().prizes()) {
            assertThat(tally.won()).isLessThanOrEqualTo(tally.released());
            assertThat(tally.released()).isLessThanOrEqualTo(tally.prize().stock());
            if (now.isBefore(wheel.campaign().startsAt())) {
                assertThat(tally.released()).as("released before the campaign").isZero();
            }
        }
    }

    private List<Long> usersWithPoints(int count, long points) {
        return java.util.stream.Stream.generate(() -> userWithPoints(points))
                .limit(count)
                .toList();
    }
}
