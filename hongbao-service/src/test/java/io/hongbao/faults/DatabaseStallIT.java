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
import org.junit.jupiter.api.Test;

/**
 * The database freezes ({@code SIGSTOP} of mariadbd: connections stay open, nothing answers) for 20 s in the middle of
 * a grab storm. Grabs are decided by Redis alone, so they go on being answered; sends and draws, which need the
 * database, fail cleanly (503) or wait and finish; once it resumes the persister drains the backlog, nothing is lost,
 * the audit is ok and the service reports UP.
 */
class DatabaseStallIT {

    private static final Duration STALL = Duration.ofSeconds(20);
    private static final long PLAYER = 3_000_000_001L;

    @Test
    void grabsGoOnWhileTheDatabaseIsFrozenAndEverythingIsRecordedOnceItResumes() throws Exception {
        FaultReport report = new FaultReport("DatabaseStallIT");
        try (FaultRig rig = FaultRig.start("DatabaseStallIT", Map.of())) {
            List<String> packets = rig.sendPackets(40, 1000, 50);
            String wheel = FaultCalls.wheel(rig);
            FaultCalls.points(rig, PLAYER, 1000);
            FaultCalls.deposit(rig, FaultCalls.SENDER, 100_000);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 12);
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));

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
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));
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
}
