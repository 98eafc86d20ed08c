package io.hongbao.lab.infrastructure.lua;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lab.application.Attempt;
import io.hongbao.lab.application.Judging;
import io.hongbao.lab.application.Verdict;
import io.hongbao.lab.infrastructure.storage.GrabLine;
import io.hongbao.lab.infrastructure.storage.LabKeys;
import io.hongbao.lab.infrastructure.storage.ShareItem;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit.GrabRecord;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.LiveSplitting;
import io.hongbao.support.IntegrationTest;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The lab's moving parts that a storm alone does not prove: the Lua split rule and the queue's recovery thread. */
class LabMechanismsIT extends IntegrationTest {

    @Autowired
    StatefulRedisConnection<String, String> redis;

    @Autowired
    GrabStrategies strategies;

    @Test
    void theLiveSplitScriptComputesExactlyTheJavaDoubleMeanRuleForTheDrawItIsGiven() {
        LuaLiveSplitGrabScript script = new LuaLiveSplitGrabScript(redis);
        Random random = new Random(7);
        String tag = "lab:{test-split:" + newUser() + "}";
        for (int round = 0; round < 300; round++) {
            int count = 1 + random.nextInt(50);
            long amount = count + random.nextInt(100_000);
            long draw = random.nextLong(LuaLiveSplitGrabScript.DRAW_BOUND);
            String packet = tag + ":packet:" + round;
            redis.sync().hset(packet, Map.of("amount", Long.toString(amount), "count", Integer.toString(count)));

            LabOutcome outcome = script.grab(packet, tag + ":dedupe:" + round, tag + ":consumed", round, 1, draw);

            assertThat(outcome).isEqualTo(new LabOutcome.Granted(LiveSplitting.nextShare(amount, count, draw)));
        }
        redis.sync().del(tag + ":consumed");
    }

    @Test
    void itemsLeftInTheBackupListByADeadWriterAreRecoveredAndRecordedOnce() {
        long runId = strategies.newRun("redis-async-queue");
        LabRun run = new LabRun(runId, List.of(new LabPacket(LabRun.packetId(runId, 0), 300, List.of(100L, 200L))));
        long packetId = run.packets().get(0).id();
        try (GrabStrategy strategy = strategies.open("redis-async-queue")) {
            strategy.prepare(run);
            long alive = newUser();
            long orphaned = newUser();
            Attempt granted = attempt(strategy, packetId, alive);
            // A writer that moved the other share's grab into the backup list and died before writing it.
            String item = redis.sync().lpop(LabKeys.shareList(packetId));
            redis.sync().sadd(LabKeys.grabbers(packetId), Long.toString(orphaned));
            ShareItem share = ShareItem.parse(item);
            redis.sync()
                    .lpush(
                            "lab:{aq:" + runId + "}:backup",
                            new GrabLine(packetId, orphaned, share.index(), share.amount()).format());

            assertThat(strategy.awaitPersisted(Duration.ofSeconds(30))).isTrue();

            var audit = strategy.audit();
            assertThat(audit.grabs())
                    .containsExactlyInAnyOrder(
                            new GrabRecord(packetId, alive, ((LabOutcome.Granted) granted.outcome()).amount()),
                            new GrabRecord(packetId, orphaned, share.amount()));
            Verdict verdict = Judging.judge(audit, List.of(granted));
            assertThat(verdict.conserved()).isTrue();
            assertThat(verdict.duplicateGrabs()).isZero();
        }
    }

    private static Attempt attempt(GrabStrategy strategy, long packetId, long userId) {
        long started = System.nanoTime();
        LabOutcome outcome = strategy.grab(packetId, userId);
        return new Attempt(packetId, userId, outcome, started, System.nanoTime());
    }
}
