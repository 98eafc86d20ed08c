package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.application.DrawingInBatches;
import io.hongbao.lottery.application.DrawingPrize;
import io.hongbao.lottery.application.FillingPrizePools;
import io.hongbao.lottery.infrastructure.LotteryInfrastructure;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.LotteryApi;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * docs/api.md, Lottery wheels: a draw lane is bounded like a grab lane (max-queued, max-wait) and refuses before
 * anything is spent; a spend whose commit is not acknowledged is answered as undecided (202 PENDING), never as
 * "nothing spent". The slow database is a real lock on the drawer's account row; the lost acknowledgement a real
 * {@code KILL CONNECTION} of the spend's own connection before its commit.
 */
class DrawLanesIT extends LotteryIntegrationTest {

    @Autowired
    TransactionTemplate transactionTemplate;

    @Autowired
    Wheels wheels;

    @Autowired
    DirectDatabases direct;

    @Autowired
    Outbox outbox;

    @Autowired
    PrizePools pools;

    @Autowired
    DrawingPrize drawing;

    @Autowired
    FillingPrizePools filling;

    @Autowired
    Blocking blocking;

    @Autowired
    DatabaseShards databases;

    @Autowired
    Clock clock;

    @Autowired
    StorageEndpoints storage;

    @Test
    void aDrawThatWaitedBehindASlowDatabaseLongerThanMaxWaitIs503WithRetryAfterAndSpendsNothing() throws Exception {
        String wheel = newWheel();
        long alice = userWithPoints(100);
        long bob = userOnTheSameDatabaseAs(alice, 100);

        CompletableFuture<EntityExchangeResult<String>> alicesDraw;
        CompletableFuture<EntityExchangeResult<String>> bobsDraw;
        try (RowLock lock = lockAccount(alice)) {
            // Alice's spend waits for the lock, holding the lane; Bob's draw waits in the lane behind it.
            alicesDraw = CompletableFuture.supplyAsync(() -> drawResult(alice, wheel));
            Thread.sleep(300);
            bobsDraw = CompletableFuture.supplyAsync(() -> drawResult(bob, wheel));
            // Longer than max-wait (1 s): Bob's client has given up by now.
            Thread.sleep(1_500);
        }

        assertThat(alicesDraw.get(30, TimeUnit.SECONDS).getStatus().value()).isEqualTo(200);
        EntityExchangeResult<String> refused = bobsDraw.get(30, TimeUnit.SECONDS);
        assertThat(refused.getStatus().value()).isEqualTo(503);
        assertThat(refused.getResponseHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(refused.getResponseBody())
                .contains("\"code\":\"UNAVAILABLE\"")
                .contains("nothing was spent");
        assertThat(points(bob)).as("Bob's points unchanged").isEqualTo(100);
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE user_id = ?", bob))
                .isZero();
    }

    @Test
    void aDrawBeyondItsLanesMaxQueuedIsRefusedAtOnceAndSpendsNothing() throws Exception {
        WheelId wheel = WheelId.parse(newWheel()).orElseThrow();
        long alice = userWithPoints(100);
        long bob = userOnTheSameDatabaseAs(alice, 100);
        long carol = userOnTheSameDatabaseAs(alice, 100);
        DrawingInBatches lane = lane(database -> direct.of(database).transactions(), 1);

        CompletableFuture<DrawAttempt> alices;
        CompletableFuture<DrawAttempt> bobs;
        DrawAttempt carols;
        try (RowLock lock = lockAccount(alice)) {
            alices = lane.draw(UserId.of(alice), wheel, clock.instant()).toCompletableFuture();
            Thread.sleep(300);
            bobs = lane.draw(UserId.of(bob), wheel, clock.instant()).toCompletableFuture();
            carols = lane.draw(UserId.of(carol), wheel, clock.instant())
                    .toCompletableFuture()
                    .get(1, TimeUnit.SECONDS);
        }

        assertThat(carols).isEqualTo(new DrawAttempt.Refused(new SpendOutcome.LaneBusy(SpendOutcome.Why.LANE_FULL)));
        assertThat(alices.get(30, TimeUnit.SECONDS)).isInstanceOf(DrawAttempt.Drawn.class);
        assertThat(bobs.get(30, TimeUnit.SECONDS)).isInstanceOf(DrawAttempt.Drawn.class);
        assertThat(points(carol)).isEqualTo(100);
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE user_id = ?", carol))
                .isZero();
    }

    @Test
    void aSpendWhoseConnectionDiesBeforeItsCommitIsAcknowledgedIsUndecidedNotNothingSpent() throws Exception {
        WheelId wheel = WheelId.parse(newWheel()).orElseThrow();
        long alice = userWithPoints(100);
        KillingCommits killing = new KillingCommits(alice);
        DrawingInBatches lane = lane(database -> killing, 100);

        DrawAttempt attempt = lane.draw(UserId.of(alice), wheel, clock.instant())
                .toCompletableFuture()
                .get(30, TimeUnit.SECONDS);

        assertThat(killing.killed)
                .as("the spend's connection was killed under it")
                .isTrue();
        // The controller answers Undecided 202 PENDING (DrawDuringRedisStallIT pins that mapping), never "nothing
        // spent".
        assertThat(attempt).isInstanceOf(DrawAttempt.Undecided.class);
        assertThat(lane.spendsUnknown()).isEqualTo(1);
        // Killed before the commit reached the server: the server rolled it back, and no draw appears later.
        assertThat(points(alice)).isEqualTo(100);
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE user_id = ?", alice))
                .isZero();
    }

    private String newWheel() {
        Instant now = Instant.now();
        Map<String, Object> body = new HashMap<>(LotteryApi.wheelBody(
                now.minus(Duration.ofHours(3)), now.plus(Duration.ofHours(1)), Map.of("Coupon", 100)));
        body.remove("hourlyWeights");
        return lottery().createdWheel(body).id();
    }

    private long userOnTheSameDatabaseAs(long other, long points) {
        while (true) {
            long user = userWithPoints(points);
            if (databases.ofUser(user) == databases.ofUser(other)) {
                return user;
            }
        }
    }

    private long points(long user) {
        return count("SELECT points FROM accounts WHERE user_id = ?", user);
    }

    private EntityExchangeResult<String> drawResult(long user, String wheel) {
        return lottery().draw(user, wheel).expectBody(String.class).returnResult();
    }

    /**
     * Lanes of their own over the service's real ports, as production wires them (each database's draws on its own
     * pool), with a small max-queued; {@code spending} gives a database's transactions.
     */
    private DrawingInBatches lane(IntFunction<Transactions> spending, int maxQueued) {
        return new DrawingInBatches(
                wheels,
                LotteryInfrastructure.directLaneStores(direct, wheels, outbox, spending),
                pools,
                drawing,
                filling,
                blocking.executor(),
                new DrawingInBatches.Bounds(16, maxQueued, Duration.ofSeconds(10)),
                databases,
                clock,
                System::nanoTime);
    }

    /** Holds {@code SELECT ... FOR UPDATE} on the user's account row in a transaction of its own until closed. */
    private RowLock lockAccount(long user) throws InterruptedException {
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> transactionTemplate.executeWithoutResult(status -> {
            jdbc.sql("SELECT points FROM accounts WHERE user_id = ? FOR UPDATE")
                    .param(user)
                    .query(Long.class)
                    .single();
            locked.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        holder.start();
        assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();
        return () -> {
            release.countDown();
            holder.join(10_000);
        };
    }

    private interface RowLock extends AutoCloseable {
        @Override
        void close() throws InterruptedException;
    }

    /**
     * The user's database's own transactions, but the spend's connection is killed (from another connection, as a
     * crashed proxy or a failover would) after its statements ran and before its commit: the commit then fails on a
     * dead connection.
     */
    private final class KillingCommits implements Transactions {
        private final long user;
        private final DirectDatabases.DirectDatabase database;
        volatile boolean killed;

        KillingCommits(long user) {
            this.user = user;
            this.database = direct.of(databases.ofUser(user));
        }

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            return database.transactions().inTransaction(() -> {
                T result = work.get();
                if (!killed) {
                    // On the transaction's own connection: the statement joins it.
                    long connection = database.jdbc()
                            .sql("SELECT CONNECTION_ID() FROM accounts WHERE user_id = ?")
                            .param(user)
                            .query(Long.class)
                            .single();
                    kill(connection);
                    killed = true;
                }
                return result;
            });
        }

        private void kill(long connection) {
            try (Connection admin =
                            DriverManager.getConnection(storage.jdbcUrl(), storage.dbUser(), storage.dbPassword());
                    Statement statement = admin.createStatement()) {
                statement.execute("KILL CONNECTION " + connection);
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
