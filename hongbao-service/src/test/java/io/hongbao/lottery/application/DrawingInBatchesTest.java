package io.hongbao.lottery.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.lottery.model.wheel.Prize;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.Transactions;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Draws in batches with in-memory ports, no Spring. The executor runs its tasks only when the test says, so the test
 * decides which draws arrive while a batch spends and therefore leave together as the next one.
 */
class DrawingInBatchesTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    /** The clock when the draws are recorded: a while after they were asked for (a batch waits, Redis decides). */
    private static final Clock LATER = Clock.fixed(NOW.plusSeconds(5), ZoneOffset.UTC);

    private static final UserId ALICE = UserId.of(7);
    private static final UserId BOB = UserId.of(8);
    /** One phone, released within a campaign that is over: the first draw decided wins it. */
    private static final Wheel ONE_PHONE = new Wheel(
            WheelId.random(),
            "one phone",
            10,
            new Consolation("back", 1),
            List.of(new Prize(PrizeId.random(), "Phone", 1)),
            new Campaign(NOW.minus(Duration.ofHours(2)), NOW.minus(Duration.ofHours(1))),
            HourlyWeights.uniform());

    private final Queue<Runnable> tasks = new ArrayDeque<>();
    /** The lanes' clock, moved by the tests. */
    private final AtomicLong nanos = new AtomicLong();

    private final Executor jdbc = tasks::add;
    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryWheels wheels = new InMemoryWheels();
    private final InMemoryDraws draws = new InMemoryDraws();
    private final InMemoryPrizePools pools = new InMemoryPrizePools();
    private final InMemoryReleaseSchedule schedule = new InMemoryReleaseSchedule();
    private final FillingPrizePools filling =
            new FillingPrizePools(schedule, pools, transactions, new Random(7), Duration.ofHours(1));
    private final DrawingPrize drawing = new DrawingPrize(wheels, draws, pools, filling, transactions, jdbc, LATER);

    @BeforeEach
    void theWheelIsCreatedAndItsPhonePlaced() {
        wheels.add(ONE_PHONE, NOW);
        schedule.add(ONE_PHONE);
        filling.load(ONE_PHONE.id());
        filling.fill(ONE_PHONE.id(), NOW);
    }

    @Test
    void aBatchedDrawIsRecordedAsFinishedWhenItWasRecordedNotWhenItWasAskedFor() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 10);
        CompletableFuture<DrawAttempt> drawn = draw(batches, ALICE);

        runTasks();

        DrawResult result = ((DrawAttempt.Drawn) drawn.join()).result();
        // The phone was won: the audit checks it was released by the finish, so the finish must not be dated earlier
        // than the decision (which, in production, Redis makes by its own clock after the request).
        assertThat(result.outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(draws.finishedAt(result.id())).isEqualTo(NOW.plusSeconds(5));
    }

    @Test
    void aBatchHoldingTwoDrawsOfAUserWhoCanPayForOneSpendsExactlyOnce() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(BOB, 10);
        draws.grant(ALICE, 15);
        CompletableFuture<DrawAttempt> lone = draw(batches, BOB);
        CompletableFuture<DrawAttempt> first = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> second = draw(batches, ALICE);

        runTasks();

        assertThat(batches.meanBatchSize())
                .as("Bob alone, then Alice's two together")
                .isEqualTo(1.5);
        assertThat(drawn(lone).outcome())
                .as("the first draw decided wins the phone")
                .isInstanceOf(DrawOutcome.PrizeWon.class);
        DrawResult paid = drawn(first);
        assertThat(paid.outcome()).isEqualTo(new DrawOutcome.ConsolationWon(new Consolation("back", 1)));
        assertThat(paid.pointsLeft()).isEqualTo(15 - 10 + 1);
        assertThat(second.join()).isEqualTo(new DrawAttempt.Refused(new SpendOutcome.InsufficientPoints(10)));
        assertThat(draws.points(ALICE)).isEqualTo(15 - 10 + 1);
        assertThat(draws.spentCount()).isEqualTo(2);
        assertThat(draws.finished()).hasSize(2);
    }

    @Test
    void aUsersDrawsInOneBatchCountTheirPointsLeftInOrder() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(BOB, 10);
        draws.grant(ALICE, 30);
        CompletableFuture<DrawAttempt> lone = draw(batches, BOB);
        CompletableFuture<DrawAttempt> first = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> second = draw(batches, ALICE);

        runTasks();

        assertThat(drawn(lone).outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(drawn(first).pointsLeft())
                .as("after both spends and its own consolation")
                .isEqualTo(30 - 20 + 1);
        assertThat(drawn(second).pointsLeft()).isEqualTo(30 - 20 + 2);
        assertThat(draws.points(ALICE)).isEqualTo(30 - 20 + 2);
    }

    @Test
    void aBatchIsNoLargerThanItsLimit() {
        DrawingInBatches batches = batches(transactions, 2);
        List<UserId> users = List.of(UserId.of(1), UserId.of(2), UserId.of(3), UserId.of(4), UserId.of(5));
        users.forEach(user -> draws.grant(user, 10));
        List<CompletableFuture<DrawAttempt>> all =
                users.stream().map(user -> draw(batches, user)).toList();

        runTasks();

        assertThat(batches.meanBatchSize()).as("1, then 2 and 2").isEqualTo(5 / 3.0);
        assertThat(all).allSatisfy(attempt -> assertThat(attempt.join()).isInstanceOf(DrawAttempt.Drawn.class));
        assertThat(draws.finished()).hasSize(5);
    }

    @Test
    void aBatchWhoseSpendFailsFailsItsDrawsAndSpendsNothing() {
        DrawingInBatches batches = batches(new FailingTransactions(), 16);
        draws.grant(ALICE, 30);

        CompletableFuture<DrawAttempt> attempt = draw(batches, ALICE);
        runTasks();

        assertThat(attempt).isCompletedExceptionally();
        assertThat(draws.points(ALICE)).isEqualTo(30);
        assertThat(draws.spentCount()).isZero();
    }

    @Test
    void aBatchWhoseDecisionFailsAfterTheSpendIsUndecidedNotFailed() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 30);
        pools.timingOut(true);

        CompletableFuture<DrawAttempt> attempt = draw(batches, ALICE);
        runTasks();

        assertThat(attempt.join()).isInstanceOf(DrawAttempt.Undecided.class);
        assertThat(draws.points(ALICE)).isEqualTo(20);
        assertThat(draws.finished()).isEmpty();
    }

    @Test
    void aBatchHoldsDrawsOfUsersOnOneDatabaseSoThatItsTransactionsStayLocal() {
        // Bob (8) is on database 0 of two, Alice (7) on database 1.
        DrawingInBatches batches = batches(transactions, 16, new DatabaseShards(2));
        draws.grant(BOB, 100);
        draws.grant(ALICE, 100);
        List<CompletableFuture<DrawAttempt>> drawn =
                List.of(draw(batches, BOB), draw(batches, ALICE), draw(batches, BOB), draw(batches, ALICE));

        runTasks();

        assertThat(batches.batches())
                .as("each database's lane: its first draw alone, then the other that waited")
                .isEqualTo(4);
        assertThat(drawn).allSatisfy(one -> assertThat(one.join()).isInstanceOf(DrawAttempt.Drawn.class));
        assertThat(draws.points(BOB) + draws.points(ALICE)).isEqualTo(200 - 4 * 10 + 3);
    }

    @Test
    void aDrawOnAnUnknownWheelIsRefusedBeforeItJoinsABatch() {
        DrawingInBatches batches = batches(transactions, 16);

        DrawAttempt attempt =
                batches.draw(ALICE, WheelId.random(), NOW).toCompletableFuture().join();

        assertThat(attempt).isEqualTo(new DrawAttempt.Refused(new SpendOutcome.UnknownWheel()));
        assertThat(tasks).isEmpty();
    }

    @Test
    void aDrawBeyondItsLanesMaxQueuedIsRefusedAtOnceWithNothingSpent() {
        DrawingInBatches batches = bounded(transactions, 2, Duration.ofSeconds(1));
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> inFlight = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> queuedOne = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> queuedTwo = draw(batches, ALICE);

        CompletableFuture<DrawAttempt> oneTooMany = draw(batches, ALICE);

        assertThat(oneTooMany.join())
                .isEqualTo(new DrawAttempt.Refused(new SpendOutcome.LaneBusy(SpendOutcome.Why.LANE_FULL)));
        assertThat(batches.refused(SpendOutcome.Why.LANE_FULL)).isEqualTo(1);
        runTasks();
        assertThat(List.of(inFlight, queuedOne, queuedTwo))
                .allSatisfy(attempt -> assertThat(attempt.join()).isInstanceOf(DrawAttempt.Drawn.class));
        assertThat(draws.spentCount()).as("the refused draw was never spent").isEqualTo(3);
    }

    @Test
    void aDrawThatWaitedInItsLaneLongerThanMaxWaitIsRefusedBeforeItIsSpent() {
        DrawingInBatches batches = bounded(transactions, 100, Duration.ofMillis(500));
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> inFlight = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> waiting = draw(batches, ALICE);

        // The database is slow: the first spend answers after the second draw's client gave up.
        nanos.addAndGet(Duration.ofMillis(501).toNanos());
        runTasks();

        assertThat(inFlight.join()).isInstanceOf(DrawAttempt.Drawn.class);
        assertThat(waiting.join())
                .isEqualTo(new DrawAttempt.Refused(new SpendOutcome.LaneBusy(SpendOutcome.Why.DEADLINE)));
        assertThat(draws.spentCount()).isEqualTo(1);
        assertThat(draws.points(ALICE)).as("one draw paid (it won the phone)").isEqualTo(100 - 10);
        assertThat(batches.refused(SpendOutcome.Why.DEADLINE)).isEqualTo(1);
    }

    @Test
    void aWaitingDrawWhoseCallerGaveUpIsNeverSpent() {
        DrawingInBatches batches = bounded(transactions, 100, Duration.ofSeconds(1));
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> inFlight = draw(batches, ALICE);
        CompletableFuture<DrawAttempt> abandoned = draw(batches, ALICE);

        abandoned.cancel(false);
        runTasks();

        assertThat(inFlight.join()).isInstanceOf(DrawAttempt.Drawn.class);
        assertThat(draws.spentCount()).isEqualTo(1);
    }

    @Test
    void aSpendWhoseCommitIsNotAcknowledgedIsUndecidedNeverNothingSpent() {
        // The statements ran (in memory: the points are gone), then the commit's answer was lost.
        DrawingInBatches batches = batches(new LostCommitTransactions(), 16);
        draws.grant(ALICE, 30);

        CompletableFuture<DrawAttempt> attempt = draw(batches, ALICE);
        runTasks();

        assertThat(attempt).isCompleted();
        assertThat(attempt.join()).isInstanceOf(DrawAttempt.Undecided.class);
        assertThat(batches.spendsUnknown()).isEqualTo(1);
    }

    @Test
    void theSameIdempotencyKeyTwiceInOneBatchSpendsOnceAndBothAnswerTheSameDraw() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(BOB, 10);
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> lone = draw(batches, BOB);
        // A double click: both wait while Bob's draw spends, and leave together as the next batch.
        CompletableFuture<DrawAttempt> first = keyed(batches, ALICE, ONE_PHONE, "k");
        CompletableFuture<DrawAttempt> second = keyed(batches, ALICE, ONE_PHONE, "k");

        runTasks();

        assertThat(drawn(lone).outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(batches.meanBatchSize())
                .as("Bob alone, then Alice's two together")
                .isEqualTo(1.5);
        assertThat(drawn(second)).isEqualTo(drawn(first));
        assertThat(draws.points(ALICE))
                .as("one draw paid, its consolation back")
                .isEqualTo(100 - 10 + 1);
        assertThat(draws.spentCount()).isEqualTo(2);
        assertThat(batches.repeats()).isEqualTo(1);
    }

    @Test
    void aRepeatAfterTheFirstDrawIsDecidedAnswersItsOutcomeAndSpendsNothing() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> first = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        CompletableFuture<DrawAttempt> repeat = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        assertThat(drawn(first).outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(drawn(repeat)).as("pointsLeft included").isEqualTo(drawn(first));
        assertThat(draws.points(ALICE)).isEqualTo(90);
        assertThat(draws.spentCount()).isEqualTo(1);
        assertThat(draws.finished()).hasSize(1);
    }

    @Test
    void aRepeatWhoseFirstDrawIsStillUndecidedIsPendingWithTheFirstDrawsId() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 100);
        pools.timingOut(true);
        CompletableFuture<DrawAttempt> first = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        CompletableFuture<DrawAttempt> repeat = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        assertThat(first.join()).isInstanceOf(DrawAttempt.Undecided.class);
        assertThat(repeat.join()).isEqualTo(first.join());
        assertThat(draws.points(ALICE)).isEqualTo(90);
    }

    @Test
    void anIdempotencyKeyReusedForAnotherWheelIsRefusedAndSpendsNothing() {
        Wheel other = new Wheel(
                WheelId.random(),
                "another",
                10,
                new Consolation("back", 1),
                List.of(new Prize(PrizeId.random(), "Phone", 1)),
                ONE_PHONE.campaign(),
                HourlyWeights.uniform());
        wheels.add(other, NOW);
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 100);
        CompletableFuture<DrawAttempt> first = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        CompletableFuture<DrawAttempt> reused = keyed(batches, ALICE, other, "k");
        runTasks();

        assertThat(drawn(first).outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(reused.join()).isEqualTo(new DrawAttempt.Refused(new SpendOutcome.KeyReused()));
        assertThat(draws.points(ALICE)).isEqualTo(90);
        assertThat(draws.spentCount()).isEqualTo(1);
    }

    @Test
    void aKeyedDrawRefusedForItsPointsRecordsNothingSoTheKeyDrawsOnceThePointsAreThere() {
        DrawingInBatches batches = batches(transactions, 16);
        draws.grant(ALICE, 5);
        CompletableFuture<DrawAttempt> refused = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();
        draws.grant(ALICE, 5);

        CompletableFuture<DrawAttempt> retried = keyed(batches, ALICE, ONE_PHONE, "k");
        runTasks();

        assertThat(refused.join()).isEqualTo(new DrawAttempt.Refused(new SpendOutcome.InsufficientPoints(10)));
        assertThat(drawn(retried).outcome()).isInstanceOf(DrawOutcome.PrizeWon.class);
        assertThat(draws.points(ALICE)).isZero();
    }

    @Test
    void everyDatabaseNeedsAStoreForItsLane() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> inLanes(
                        List.of(new DrawingInBatches.LaneStore(draws, transactions)), 16, new DatabaseShards(2)))
                .withMessageContaining("one store per database");
    }

    @Test
    void lanesBoundsMustBePositive() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> new DrawingInBatches.Bounds(1, 0, Duration.ofSeconds(1)));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> new DrawingInBatches.Bounds(1, 1, Duration.ZERO));
    }

    private DrawingInBatches bounded(Transactions transactions, int maxQueued, Duration maxWait) {
        return new DrawingInBatches(
                wheels,
                List.of(new DrawingInBatches.LaneStore(draws, transactions)),
                pools,
                drawing,
                filling,
                jdbc,
                new DrawingInBatches.Bounds(16, maxQueued, maxWait),
                new DatabaseShards(1),
                LATER,
                nanos::get);
    }

    private DrawingInBatches batches(Transactions transactions, int maxBatch) {
        return batches(transactions, maxBatch, new DatabaseShards(1));
    }

    private DrawingInBatches batches(Transactions transactions, int maxBatch, DatabaseShards databases) {
        return inLanes(
                Collections.nCopies(databases.count(), new DrawingInBatches.LaneStore(draws, transactions)),
                maxBatch,
                databases);
    }

    private DrawingInBatches inLanes(List<DrawingInBatches.LaneStore> stores, int maxBatch, DatabaseShards databases) {
        return new DrawingInBatches(
                wheels,
                stores,
                pools,
                drawing,
                filling,
                jdbc,
                new DrawingInBatches.Bounds(maxBatch, 1000, Duration.ofSeconds(1)),
                databases,
                LATER,
                nanos::get);
    }

    private CompletableFuture<DrawAttempt> draw(DrawingInBatches batches, UserId user) {
        return batches.draw(user, ONE_PHONE.id(), NOW).toCompletableFuture();
    }

    /** A draw request with an Idempotency-Key; its fingerprint names the wheel, as the request's path does. */
    private CompletableFuture<DrawAttempt> keyed(DrawingInBatches batches, UserId user, Wheel wheel, String key) {
        String fingerprint = wheel.equals(ONE_PHONE) ? "a".repeat(64) : "b".repeat(64);
        return batches.draw(user, wheel.id(), NOW, Optional.of(new DrawKey(key, fingerprint)))
                .toCompletableFuture();
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    private static DrawResult drawn(CompletableFuture<DrawAttempt> attempt) {
        assertThat(attempt).isCompleted();
        assertThat(attempt.join()).isInstanceOf(DrawAttempt.Drawn.class);
        return ((DrawAttempt.Drawn) attempt.join()).result();
    }

    /** A database that runs the work, then fails to acknowledge the commit: the outcome is unknown to the caller. */
    private static final class LostCommitTransactions implements Transactions {
        @Override
        public <T> T inTransaction(Supplier<T> work) {
            work.get();
            throw new IllegalStateException("the connection closed before the commit was acknowledged");
        }
    }

    /** A database whose transactions all fail before they write anything. */
    private static final class FailingTransactions implements Transactions {
        @Override
        public <T> T inTransaction(Supplier<T> work) {
            throw new IllegalStateException("the database is away");
        }
    }
}
