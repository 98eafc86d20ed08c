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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} of the database in the middle of a grab storm, restarted on the same data (InnoDB crash recovery)
 * seconds later. The persister's transaction in flight is rolled back whole and written again from the stream, so
 * besides what {@link DatabaseStallIT} checks, no batch is half-written: every grab row has both its ledger legs and
 * every grab transfer its row.
 */
class DatabaseKillIT {

    private static final Duration OUTAGE = Duration.ofSeconds(5);

    @Test
    void grabsGoOnWhileTheDatabaseIsDownAndNoBatchIsHalfWrittenAfterItsRestart() throws Exception {
        FaultReport report = new FaultReport("DatabaseKillIT");
        try (FaultRig rig = FaultRig.start("DatabaseKillIT", Map.of())) {
            List<String> packets = rig.sendPackets(40, 1000, 50);
            FaultCalls.deposit(rig, FaultCalls.SENDER, 100_000);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 13);
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));

            long killed = System.nanoTime();
            rig.servers().mariaDb().kill();
            FaultCalls.Call send = FaultCalls.later(Duration.ofSeconds(1), () -> FaultCalls.send(rig, 1000))
                    .join();
            Thread.sleep(Math.max(0, OUTAGE.toMillis() - millis(System.nanoTime() - killed)));
            Duration restart = rig.servers().mariaDb().restart();
            long back = System.nanoTime();
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));
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
}
