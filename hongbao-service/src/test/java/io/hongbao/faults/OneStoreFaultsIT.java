package io.hongbao.faults;

import static io.hongbao.support.FaultReport.counts;
import static io.hongbao.support.FaultReport.millis;
import static io.hongbao.support.FaultReport.sentBetween;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.FaultReport;
import io.hongbao.support.FaultRig;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.RunningStorm;
import io.hongbao.support.StormJudge.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestClassOrder;
import org.junit.jupiter.api.TestInstance;

/**
 * The fault suite's faults of a single store, on one stage ({@link FaultRig}: a private Redis and MariaDB that the
 * test may kill or freeze, the service as a separate JVM using them) in turn: the database frozen, the database
 * killed, Redis killed, each in the middle of a grab storm of its own, over packets of its own, judged on its own. The
 * stage has recovered from each fault when its case ends (the judge waited for every answered grab to be recorded),
 * so the next starts from a healthy service; starting the stage is most of a fault test's cost. Redis goes last: its
 * restart loads half a million filler keys, which stay.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestClassOrder(ClassOrderer.OrderAnnotation.class)
class OneStoreFaultsIT {

    private FaultRig rig;

    @BeforeAll
    void startTheStage() throws Exception {
        rig = FaultRig.start("OneStoreFaultsIT", Map.of());
    }

    @AfterAll
    void stopTheStage() throws Exception {
        if (rig != null) {
            rig.close();
        }
    }

    /**
     * The database freezes ({@code SIGSTOP} of mariadbd: connections stay open, nothing answers) for 20 s in the middle
     * of a grab storm. Grabs are decided by Redis alone, so they go on being answered; sends and draws, which need the
     * database, fail cleanly (503) or wait and finish; once it resumes the persister drains the backlog, nothing is
     * lost, the audit is ok and the service reports UP.
     */
    @Nested
    @Order(1)
    class DatabaseFrozen {

        private static final Duration STALL = Duration.ofSeconds(20);
        private static final long PLAYER = 3_000_000_001L;

        @Test
        void grabsGoOnWhileTheDatabaseIsFrozenAndEverythingIsRecordedOnceItResumes() throws Exception {
            FaultReport report = new FaultReport("OneStoreFaultsIT database frozen");
            List<String> packets = rig.sendPackets(40, 1000, 50);
            String wheel = FaultCalls.wheel(rig);
            FaultCalls.points(rig, PLAYER, 1000);
            FaultCalls.deposit(rig, FaultCalls.SENDER, 100_000);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 12);
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));

            long stalled = System.nanoTime();
            rig.servers().mariaDb().stall();
            List<CompletableFuture<FaultCalls.Call>> calls = new ArrayList<>();
            for (long at : new long[] {1, 8, 15}) {
                calls.add(FaultCalls.later(Duration.ofSeconds(at), () -> FaultCalls.send(rig, 1000)));
                calls.add(FaultCalls.later(Duration.ofSeconds(at), () -> FaultCalls.draw(rig, PLAYER, wheel)));
            }
            FaultCalls.Call healthDuringStall = FaultCalls.later(Duration.ofSeconds(5), () -> FaultCalls.health(rig))
                    .join();
            Thread.sleep(Math.max(0, STALL.toMillis() - millis(System.nanoTime() - stalled)));
            rig.servers().mariaDb().resume();
            long resumed = System.nanoTime();
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));
            List<Attempt> answers = storm.stop();
            List<FaultCalls.Call> done =
                    calls.stream().map(CompletableFuture::join).toList();

            Duration drained = Duration.ofNanos(System.nanoTime() - resumed)
                    .plus(rig.judge().awaitRecorded(answers, Duration.ofSeconds(90)));
            Verdict verdict = rig.judge().judge(answers, packets);
            List<Attempt> duringStall = sentBetween(answers, stalled, resumed);
            report.line("%d grabs by 32 clients as 4000 users over 40 packets of 1000 shares", answers.size())
                    .line("before the stall: %s", counts(sentBetween(answers, Long.MIN_VALUE, stalled)))
                    .line("database frozen %d ms: grabs %s", millis(resumed - stalled), counts(duringStall))
                    .line("during the stall: %s; health %s", FaultCalls.describe(done), healthDuringStall)
                    .line("after it resumed: %s", counts(sentBetween(answers, resumed, Long.MAX_VALUE)))
                    .line("all recorded %d ms after the database resumed", drained.toMillis())
                    .line("judge: %s", verdict.summary())
                    .print();

            assertThat(duringStall)
                    .as("grabs sent while the database was frozen")
                    .hasSizeGreaterThan(100);
            assertThat(duringStall)
                    .as("grabs are decided by Redis alone")
                    .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
            assertThat(counts(FaultCalls.neitherDecidedNorUnavailable(answers))).isEqualTo("none");
            assertThat(done).allSatisfy(call -> {
                assertThat(call.status()).isIn(200, 201, 202, 503);
                if (call.status() == 503) {
                    assertThat(call.body()).contains("\"code\":\"UNAVAILABLE\"");
                }
                assertThat(call.took()).isLessThan(STALL.plusSeconds(10));
            });
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }

    /**
     * {@code kill -9} of the database in the middle of a grab storm, restarted on the same data (InnoDB crash recovery)
     * seconds later. The persister's transaction in flight is rolled back whole and written again from the stream, so
     * besides what {@link DatabaseFrozen} checks, no batch is half-written: every grab row has both its ledger legs and
     * every grab transfer its row.
     */
    @Nested
    @Order(2)
    class DatabaseKilled {

        private static final Duration OUTAGE = Duration.ofSeconds(5);

        @Test
        void grabsGoOnWhileTheDatabaseIsDownAndNoBatchIsHalfWrittenAfterItsRestart() throws Exception {
            FaultReport report = new FaultReport("OneStoreFaultsIT database killed");
            List<String> packets = rig.sendPackets(40, 1000, 50);
            FaultCalls.deposit(rig, FaultCalls.SENDER, 100_000);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 13);
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));

            long killed = System.nanoTime();
            rig.servers().mariaDb().kill();
            FaultCalls.Call send = FaultCalls.later(Duration.ofSeconds(1), () -> FaultCalls.send(rig, 1000))
                    .join();
            Thread.sleep(Math.max(0, OUTAGE.toMillis() - millis(System.nanoTime() - killed)));
            Duration restart = rig.servers().mariaDb().restart();
            long back = System.nanoTime();
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));
            List<Attempt> answers = storm.stop();

            Duration drained = Duration.ofNanos(System.nanoTime() - back)
                    .plus(rig.judge().awaitRecorded(answers, Duration.ofSeconds(90)));
            Verdict verdict = rig.judge().judge(answers, packets);
            List<Attempt> whileDown = sentBetween(answers, killed, back);
            report.line("%d grabs by 32 clients as 4000 users over 40 packets of 1000 shares", answers.size())
                    .line("before the kill: %s", counts(sentBetween(answers, Long.MIN_VALUE, killed)))
                    .line(
                            "database away %d ms (restart and crash recovery %d ms): grabs %s; %s",
                            millis(back - killed), restart.toMillis(), counts(whileDown), send)
                    .line("after its return: %s", counts(sentBetween(answers, back, Long.MAX_VALUE)))
                    .line("all recorded %d ms after the database answered again", drained.toMillis())
                    .line("judge: %s", verdict.summary())
                    .print();

            assertThat(whileDown).as("grabs sent while the database was down").hasSizeGreaterThan(100);
            assertThat(whileDown)
                    .as("grabs are decided by Redis alone")
                    .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
            assertThat(counts(FaultCalls.neitherDecidedNorUnavailable(answers))).isEqualTo("none");
            assertThat(send.status()).isEqualTo(503);
            assertThat(send.body()).contains("\"code\":\"UNAVAILABLE\"");
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }

    /**
     * {@code kill -9} of Redis in the middle of a grab storm, Redis restarted on the same data (its append-only file,
     * fsynced at every write) seconds later, the storm going on throughout. Redis holds half a million other keys, so
     * the restart spends a while loading them, answering {@code -LOADING} to the clients that already reconnected.
     * Redis decides every grab and holds it until the persister has written it, so this is the fault that could lose an
     * acknowledged grab: none may be lost, while Redis is away the service answers only decided outcomes or 503
     * UNAVAILABLE, and it grabs again within seconds of Redis' return (reconnected, scripts loaded again).
     */
    @Nested
    @Order(3)
    class RedisKilled {

        private static final Duration OUTAGE = Duration.ofSeconds(10);
        private static final int FILLER_KEYS = 500_000;
        private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(3);

        @Test
        void noAnsweredGrabIsLostWhenRedisIsKilledMidStormAndGrabsResumeSoonAfterItsReturn() throws Exception {
            FaultReport report = new FaultReport("OneStoreFaultsIT Redis killed");
            List<String> packets = rig.sendPackets(40, 1000, 50);
            rig.servers().fillRedis(FILLER_KEYS);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 11);
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));

            long killed = System.nanoTime();
            rig.servers().redis().kill();
            Thread.sleep(OUTAGE.toMillis());
            Duration restart = rig.servers().redis().restart();
            long back = System.nanoTime();
            Duration recovery = storm.awaitNextDecided(Duration.ofMinutes(2));
            storm.awaitMoreAnswers(RunningStorm.ANSWERS_AROUND_A_FAULT, Duration.ofMinutes(1));
            List<Attempt> answers = storm.stop();

            Duration drained = rig.judge().awaitRecorded(answers, Duration.ofSeconds(90));
            Verdict verdict = rig.judge().judge(answers, packets);
            report.line("%d grabs by 32 clients as 4000 users over 40 packets of 1000 shares", answers.size())
                    .line("before the kill: %s", counts(sentBetween(answers, Long.MIN_VALUE, killed)))
                    .line(
                            "Redis away %d ms (restart and loading %d ms): %s",
                            millis(back - killed), restart.toMillis(), counts(sentBetween(answers, killed, back)))
                    .line("after its return: %s", counts(sentBetween(answers, back, Long.MAX_VALUE)))
                    .line(
                            "first grab decided %d ms after Redis answered again; all recorded %d ms after the storm",
                            recovery.toMillis(), drained.toMillis())
                    .line("judge: %s", verdict.summary())
                    .print();

            assertThat(counts(FaultCalls.neitherDecidedNorUnavailable(answers))).isEqualTo("none");
            assertThat(sentBetween(answers, killed, back))
                    .as("grabs sent while Redis was away")
                    .anySatisfy(a -> assertThat(a.status()).isEqualTo(503));
            assertThat(recovery)
                    .as("from Redis' return to the first grab decided")
                    .isLessThan(RECOVERY_LIMIT);
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }
}
