package io.hongbao.lottery.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.release.PlacedUnit;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.release.WheelUnits;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.PrizeTally;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Transactions;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The draw's steps with in-memory ports, no Spring: the first refuses before spending when it cannot go on; the last
 * decides again when the unit Redis handed out is already recorded for another draw; a draw spends once and records
 * one outcome; a repeated request answers its first draw.
 */
class DrawingPrizeTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Wheel WHEEL = new Wheel(
            WheelId.random(),
            "w",
            10,
            new Consolation("back", 1),
            List.of(new Prize(PrizeId.random(), "Phone", 1)),
            new Campaign(NOW, NOW.plus(Duration.ofHours(1))),
            HourlyWeights.uniform());

    private final List<PendingDraw> spent = new ArrayList<>();
    private final List<DrawId> finished = new ArrayList<>();
    private final List<UnitRef> wonElsewhere = new ArrayList<>();
    private final FakePools pools = new FakePools();
    private final DrawingPrize drawing = new DrawingPrize(
            new OneWheel(), new SpendingDraws(), pools, null, new NoTransactions(), Runnable::run, CLOCK);

    @Test
    void spendsNothingWhileThePoolsAreUnreachable() {
        pools.reachable = false;

        assertThat(drawing.spend(UserId.of(7), WHEEL.id(), NOW)).isInstanceOf(SpendOutcome.PoolUnreachable.class);
        assertThat(spent).isEmpty();
    }

    @Test
    void spendsOnAReachablePoolAndAnUnknownWheelIsRefused() {
        assertThat(drawing.spend(UserId.of(7), WHEEL.id(), NOW)).isInstanceOf(SpendOutcome.Spent.class);
        assertThat(drawing.spend(UserId.of(7), WheelId.random(), NOW)).isInstanceOf(SpendOutcome.UnknownWheel.class);
        assertThat(spent).hasSize(1);
    }

    @Test
    void aDrawWhoseUnitIsRecordedForAnotherDrawForgetsItAndIsDecidedAgain() {
        UnitRef phone = new UnitRef(WHEEL.prizes().get(0).id(), 1);
        pools.remembered = new PoolTake.Unit(phone);
        wonElsewhere.add(phone);
        PendingDraw draw = new PendingDraw(DrawId.random(), WHEEL.id(), UserId.of(7), NOW);

        DrawResult result = drawing.finish(draw, NOW).toCompletableFuture().join();

        assertThat(result.outcome()).isInstanceOf(DrawOutcome.ConsolationWon.class);
        assertThat(pools.forgotten).containsExactly(draw.id());
        assertThat(finished).containsExactly(draw.id());
    }

    @Test
    void aDrawIsDecidedAtMostThreeTimesThenLeftPendingForRecovery() {
        UnitRef phone = new UnitRef(WHEEL.prizes().get(0).id(), 1);
        pools.remembered = new PoolTake.Unit(phone);
        pools.forgetting = false;
        wonElsewhere.add(phone);
        PendingDraw draw = new PendingDraw(DrawId.random(), WHEEL.id(), UserId.of(7), NOW);

        assertThatThrownBy(() -> drawing.finish(draw, NOW).toCompletableFuture().join())
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(pools.forgotten).hasSize(DrawingPrize.MAX_DECISIONS - 1);
        assertThat(finished).isEmpty();
    }

    @Test
    void aUnitRecordedForNoOtherDrawIsRecordedWithoutForgettingAnything() {
        UnitRef phone = new UnitRef(WHEEL.prizes().get(0).id(), 1);
        pools.remembered = new PoolTake.Unit(phone);
        PendingDraw draw = new PendingDraw(DrawId.random(), WHEEL.id(), UserId.of(7), NOW);

        DrawResult result = drawing.finish(draw, NOW).toCompletableFuture().join();

        assertThat(result.outcome()).isEqualTo(new DrawOutcome.PrizeWon(phone, "Phone"));
        assertThat(pools.forgotten).isEmpty();
    }

    @Test
    void aRepeatWhoseReadTheExecutorRefusesIsUndecidedWithTheFirstDrawsIdNotAFailure() {
        DrawingPrize refusing = new DrawingPrize(
                new OneWheel(),
                new SpendingDraws(),
                pools,
                null,
                new NoTransactions(),
                task -> {
                    throw new RejectedExecutionException("the JDBC executor is full");
                },
                CLOCK);
        DrawId first = DrawId.random();

        DrawAttempt attempt = refusing.repeat(first, NOW).toCompletableFuture().join();

        assertThat(attempt).isEqualTo(new DrawAttempt.Undecided(first));
    }

    /** One draw through its steps, and a repeated request, on in-memory draws, pools and release schedule. */
    @Nested
    class OneDraw {

        private static final UserId USER = UserId.of(7);
        /** One phone, released within a campaign that is over: the first draw wins it. */
        private static final Wheel ONE_PHONE = new Wheel(
                WheelId.random(),
                "one phone",
                10,
                new Consolation("back", 1),
                List.of(new Prize(PrizeId.random(), "Phone", 1)),
                new Campaign(NOW.minus(Duration.ofHours(2)), NOW.minus(Duration.ofHours(1))),
                HourlyWeights.uniform());

        private final InMemoryTransactions transactions = new InMemoryTransactions();
        private final InMemoryWheels wheels = new InMemoryWheels();
        private final InMemoryDraws draws = new InMemoryDraws();
        private final InMemoryPrizePools pools = new InMemoryPrizePools();
        private final InMemoryReleaseSchedule schedule = new InMemoryReleaseSchedule();
        private final FillingPrizePools filling =
                new FillingPrizePools(schedule, pools, transactions, new Random(7), Duration.ofHours(1));
        /** Recorded a while after the request: the finish is dated by the clock, after Redis decided. */
        private final DrawingPrize drawing = new DrawingPrize(
                wheels, draws, pools, filling, transactions, Runnable::run, Clock.offset(CLOCK, Duration.ofSeconds(5)));

        @BeforeEach
        void theWheelIsCreatedAndItsPhonePlaced() {
            wheels.add(ONE_PHONE, NOW);
            schedule.add(ONE_PHONE);
            filling.load(ONE_PHONE.id());
            filling.fill(ONE_PHONE.id(), NOW);
        }

        @Test
        void aDrawSpendsThePointsOnceAndRecordsOneOutcome() {
            draws.grant(USER, 30);

            DrawResult result = spentAndFinished();

            assertThat(result.outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
            assertThat(result.pointsLeft()).isEqualTo(20);
            assertThat(draws.points(USER)).isEqualTo(20);
            assertThat(draws.spentCount()).isEqualTo(1);
            assertThat(draws.finished()).containsExactly(result);
            assertThat(draws.finishedAt(result.id())).isEqualTo(NOW.plusSeconds(5));
            assertThat(pools.unwon(ONE_PHONE.id())).hasValue(List.of());
        }

        @Test
        void onceThePhoneIsWonTheNextDrawGetsTheConsolationAndItsPoints() {
            draws.grant(USER, 30);
            spentAndFinished();

            DrawResult second = spentAndFinished();

            assertThat(second.outcome()).isEqualTo(new DrawOutcome.ConsolationWon(new Consolation("back", 1)));
            assertThat(draws.points(USER)).isEqualTo(30 - 10 - 10 + 1);
            assertThat(draws.finished()).hasSize(2);
        }

        @Test
        void aRepeatedRequestFinishesTheFirstDrawWhileItIsPendingAndThenAnswersItsOutcomeSpendingNothingMore() {
            draws.grant(USER, 30);
            PendingDraw first = spent();

            DrawResult repeat =
                    drawn(drawing.repeat(first.id(), NOW).toCompletableFuture().join());
            DrawResult again =
                    drawn(drawing.repeat(first.id(), NOW).toCompletableFuture().join());

            assertThat(repeat.id()).isEqualTo(first.id());
            assertThat(again).isEqualTo(repeat);
            assertThat(draws.points(USER)).isEqualTo(20);
            assertThat(draws.spentCount()).isEqualTo(1);
            assertThat(draws.finished()).hasSize(1);
        }

        @Test
        void aRepeatWhoseFirstDrawCannotBeDecidedNowIsUndecidedWithTheFirstDrawsId() {
            draws.grant(USER, 30);
            PendingDraw first = spent();
            pools.timingOut(true);

            DrawAttempt attempt =
                    drawing.repeat(first.id(), NOW).toCompletableFuture().join();

            assertThat(attempt).isEqualTo(new DrawAttempt.Undecided(first.id()));
            assertThat(draws.points(USER)).isEqualTo(20);
            assertThat(draws.finished()).isEmpty();
        }

        @Test
        void aDrawWithoutEnoughPointsIsRefusedAndSpendsNothing() {
            draws.grant(USER, 5);

            SpendOutcome outcome = drawing.spend(USER, ONE_PHONE.id(), NOW);

            assertThat(outcome).isEqualTo(new SpendOutcome.InsufficientPoints(10));
            assertThat(draws.points(USER)).isEqualTo(5);
            assertThat(draws.spentCount()).isZero();
            assertThat(pools.unwon(ONE_PHONE.id()))
                    .hasValueSatisfying(pool -> assertThat(pool).hasSize(1));
        }

        @Test
        void aDrawOnAPoolRedisLostLoadsThePoolFromTheDatabaseThenDecides() {
            draws.grant(USER, 30);
            pools.lose(ONE_PHONE.id());

            DrawResult result = spentAndFinished();

            assertThat(result.outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
            assertThat(pools.unwon(ONE_PHONE.id())).hasValue(List.of());
        }

        @Test
        void aDrawOnAnUnknownWheelIsRefusedAndSpendsNothing() {
            draws.grant(USER, 30);

            assertThat(drawing.spend(USER, WheelId.random(), NOW)).isEqualTo(new SpendOutcome.UnknownWheel());
            assertThat(draws.points(USER)).isEqualTo(30);
        }

        private PendingDraw spent() {
            return ((SpendOutcome.Spent) drawing.spend(USER, ONE_PHONE.id(), NOW)).draw();
        }

        private DrawResult spentAndFinished() {
            return drawing.finish(spent(), NOW).toCompletableFuture().join();
        }

        private static DrawResult drawn(DrawAttempt attempt) {
            assertThat(attempt).isInstanceOf(DrawAttempt.Drawn.class);
            return ((DrawAttempt.Drawn) attempt).result();
        }
    }

    /** Remembers one outcome per draw, as lottery_draw.lua does; forgetting it makes the next take decide anew. */
    private static final class FakePools implements PrizePools {
        boolean reachable = true;
        boolean forgetting = true;
        PoolTake remembered = new PoolTake.Nothing();
        final List<DrawId> forgotten = new ArrayList<>();

        @Override
        public boolean reachable() {
            return reachable;
        }

        @Override
        public CompletionStage<Boolean> publish(WheelId wheel, List<PlacedUnit> units) {
            return CompletableFuture.completedFuture(true);
        }

        @Override
        public CompletionStage<Void> load(WheelId wheel, WheelUnits units) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<PoolTake> take(WheelId wheel, DrawId draw, Instant now) {
            return CompletableFuture.completedFuture(remembered);
        }

        @Override
        public CompletionStage<Void> forget(WheelId wheel, DrawId draw) {
            forgotten.add(draw);
            if (forgetting) {
                // The unit stays won in the pool; the pool has nothing else released, so the next take is nothing.
                remembered = new PoolTake.Nothing();
            }
            return CompletableFuture.completedFuture(null);
        }
    }

    private static final class OneWheel implements Wheels {
        @Override
        public void add(Wheel wheel, Instant createdAt) {}

        @Override
        public Optional<Wheel> find(WheelId id) {
            return id.equals(WHEEL.id()) ? Optional.of(WHEEL) : Optional.empty();
        }

        @Override
        public List<WheelId> newest(int limit) {
            return List.of(WHEEL.id());
        }

        @Override
        public List<PrizeTally> tally(Wheel wheel, Instant now) {
            return List.of();
        }
    }

    private final class SpendingDraws implements Draws {
        @Override
        public boolean spend(PendingDraw draw, long cost) {
            spent.add(draw);
            return true;
        }

        @Override
        public List<SpendVerdict> spend(List<DrawSpend> spends) {
            throw new UnsupportedOperationException("these tests spend one draw at a time");
        }

        @Override
        public DrawResult finish(PendingDraw draw, DrawOutcome outcome, Instant now) {
            finished.add(draw.id());
            return new DrawResult(draw.id(), draw.wheelId(), outcome, 0, draw.at());
        }

        @Override
        public boolean wonByAnotherDraw(UnitRef unit, DrawId draw) {
            return wonElsewhere.contains(unit);
        }

        @Override
        public Optional<DrawState> find(DrawId id) {
            return Optional.empty();
        }

        @Override
        public List<PendingDraw> pendingSince(Instant before, int limit) {
            return List.of();
        }

        @Override
        public List<DrawResult> recent(UserId userId, int limit) {
            return List.of();
        }
    }

    private static final class NoTransactions implements Transactions {
        @Override
        public <T> T inTransaction(Supplier<T> work) {
            return work.get();
        }
    }
}
