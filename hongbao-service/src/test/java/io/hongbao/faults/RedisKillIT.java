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
 * {@code kill -9} of Redis in the middle of a grab storm, Redis restarted on the same data (its append-only file,
 * fsynced at every write) seconds later, the storm going on throughout. Redis holds half a million other keys, so the
 * restart spends a while loading them, answering {@code -LOADING} to the clients that already reconnected. Redis decides every grab and holds it
 * until the persister has written it, so this is the fault that could lose an acknowledged grab: none may be lost,
 * while Redis is away the service answers only decided outcomes or 503 UNAVAILABLE, and it grabs again within seconds
 * of Redis' return (reconnected, scripts loaded again).
 */
class RedisKillIT {

    private static final Duration OUTAGE = Duration.ofSeconds(10);
    private static final int FILLER_KEYS = 500_000;
    private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(3);

    @Test
    void noAnsweredGrabIsLostWhenRedisIsKilledMidStormAndGrabsResumeSoonAfterItsReturn() throws Exception {
        FaultReport report = new FaultReport("RedisKillIT");
        try (FaultRig rig = FaultRig.start("RedisKillIT", Map.of())) {
            List<String> packets = rig.sendPackets(40, 1000, 50);
            rig.servers().fillRedis(FILLER_KEYS);
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 11);
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));

            long killed = System.nanoTime();
            rig.servers().redis().kill();
            Thread.sleep(OUTAGE.toMillis());
            Duration restart = rig.servers().redis().restart();
            long back = System.nanoTime();
            Duration recovery = storm.awaitNextDecided(Duration.ofMinutes(2));
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));
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
