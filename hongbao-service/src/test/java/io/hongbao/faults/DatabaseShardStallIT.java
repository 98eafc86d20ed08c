package io.hongbao.faults;

import static io.hongbao.support.FaultReport.counts;
import static io.hongbao.support.FaultReport.millis;
import static io.hongbao.support.FaultReport.sentBetween;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.FaultReport;
import io.hongbao.support.FaultRig;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.PrivateServers;
import io.hongbao.support.RunningStorm;
import io.hongbao.support.StormJudge.Verdict;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * One of four database shards freezes ({@code SIGSTOP} of its own mariadbd) for 20 s in the middle of a grab storm
 * over packets on every shard (ADR 0083, 0084). Grabs are decided by Redis, so every one is answered; calls that need
 * the frozen shard (its users' sends, draws and balances, a group, which is written on every shard) fail cleanly or
 * finish late; calls of the other shards' users go on; once it resumes the backlog drains, nothing is lost or doubled
 * and the money adds up across the four databases.
 */
class DatabaseShardStallIT {

    private static final Duration STALL = Duration.ofSeconds(20);
    private static final int SHARDS = 4;
    /** The rig puts the last shard alone on a second MariaDB: that is the one frozen. */
    private static final int FROZEN = SHARDS - 1;
    // Users are placed by user id modulo the shard count: these sit on a live shard and on the frozen one.
    private static final long LIVE_SENDER = 3_000_000_002L;
    private static final long FROZEN_SENDER = 3_000_000_003L;
    private static final long LIVE_PLAYER = 3_000_000_001L;
    private static final long FROZEN_PLAYER = 3_000_000_007L;

    @Test
    void grabsAndTheOtherShardsGoOnWhileOneShardIsFrozenAndEverythingIsRecordedOnceItResumes() throws Exception {
        FaultReport report = new FaultReport("DatabaseShardStallIT");
        try (FaultRig rig = FaultRig.startOnDatabaseShards("DatabaseShardStallIT", SHARDS, Map.of())) {
            // Packets are placed with their senders: four senders in turn put ten packets on each shard.
            List<String> packets = rig.sendPackets(40, 1000, 50, SHARDS);
            Set<String> frozenPackets = new HashSet<>();
            for (int i = 0; i < packets.size(); i++) {
                if (Math.floorMod(FaultRig.senderOfPacket(i, SHARDS), SHARDS) == FROZEN) {
                    frozenPackets.add(packets.get(i));
                }
            }
            String wheel = FaultCalls.wheel(rig);
            for (long player : new long[] {LIVE_PLAYER, FROZEN_PLAYER}) {
                FaultCalls.points(rig, player, 1000);
            }
            for (long sender : new long[] {LIVE_SENDER, FROZEN_SENDER}) {
                FaultCalls.deposit(rig, sender, 100_000);
            }
            RunningStorm storm = rig.storm(packets, 2_000_000_000L, 4000, 32, 12);
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));

            long[] rowsAtStall = grabRowsPerShard(rig);
            long stalled = System.nanoTime();
            rig.lastShardServers().mariaDb().stall();
            List<CompletableFuture<FaultCalls.Call>> live = new ArrayList<>();
            List<CompletableFuture<FaultCalls.Call>> frozen = new ArrayList<>();
            for (long at : new long[] {1, 8, 15}) {
                Duration delay = Duration.ofSeconds(at);
                live.add(FaultCalls.later(delay, () -> FaultCalls.send(rig, LIVE_SENDER, 1000)));
                live.add(FaultCalls.later(delay, () -> FaultCalls.draw(rig, LIVE_PLAYER, wheel)));
                live.add(FaultCalls.later(delay, () -> FaultCalls.account(rig, LIVE_PLAYER)));
                frozen.add(FaultCalls.later(delay, () -> FaultCalls.send(rig, FROZEN_SENDER, 1000)));
                frozen.add(FaultCalls.later(delay, () -> FaultCalls.draw(rig, FROZEN_PLAYER, wheel)));
                frozen.add(FaultCalls.later(delay, () -> FaultCalls.account(rig, FROZEN_PLAYER)));
            }
            CompletableFuture<FaultCalls.Call> group =
                    FaultCalls.later(Duration.ofSeconds(4), () -> FaultCalls.group(rig, LIVE_SENDER));
            // Several at once: the answer must not depend on which shard a check happens to reach.
            List<CompletableFuture<FaultCalls.Call>> healthChecks = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                healthChecks.add(FaultCalls.later(Duration.ofSeconds(5), () -> FaultCalls.health(rig)));
            }
            List<FaultCalls.Call> health = joined(healthChecks);
            Thread.sleep(Math.max(0, STALL.toMillis() - millis(System.nanoTime() - stalled)));
            long[] rowsAtResume = grabRowsPerShard(rig, FROZEN);
            rig.lastShardServers().mariaDb().resume();
            long resumed = System.nanoTime();
            storm.awaitMoreAnswers(3000, Duration.ofMinutes(1));
            List<Attempt> answers = storm.stop();
            List<FaultCalls.Call> liveDone = joined(live);
            List<FaultCalls.Call> frozenDone = joined(frozen);

            Duration drained = Duration.ofNanos(System.nanoTime() - resumed)
                    .plus(rig.judge().awaitRecorded(answers, Duration.ofSeconds(90)));
            Verdict verdict = rig.judge().judge(answers, packets);
            List<Attempt> duringStall = sentBetween(answers, stalled, resumed);
            List<Attempt> onFrozenShard = duringStall.stream()
                    .filter(a -> frozenPackets.contains(a.packetId()))
                    .toList();
            long[] rowsAfter = grabRowsPerShard(rig);
            report.line(
                            "%d grabs by 32 clients as 4000 users over 40 packets of 1000 shares, 10 on each of %d"
                                    + " database shards",
                            answers.size(), SHARDS)
                    .line("before the stall: %s", counts(sentBetween(answers, Long.MIN_VALUE, stalled)))
                    .line(
                            "shard %d frozen %d ms: grabs %s (of them on its packets: %s)",
                            FROZEN, millis(resumed - stalled), counts(duringStall), counts(onFrozenShard))
                    .line("grab rows written per shard while it was frozen: %s", difference(rowsAtStall, rowsAtResume))
                    .line("users of the live shards: %s", FaultCalls.describe(liveDone))
                    .line("users of the frozen shard: %s", FaultCalls.describe(frozenDone))
                    .line("a group (written on every shard): %s; health %s", group.join(), FaultCalls.describe(health))
                    .line("after it resumed: %s", counts(sentBetween(answers, resumed, Long.MAX_VALUE)))
                    .line(
                            "all recorded %d ms after the shard resumed; grab rows per shard %s",
                            drained.toMillis(), Arrays.toString(rowsAfter))
                    .line("judge: %s", verdict.summary())
                    .print();

            assertThat(onFrozenShard)
                    .as("grabs of the frozen shard's packets sent while it was frozen")
                    .hasSizeGreaterThan(20);
            assertThat(duringStall)
                    .as("grabs are decided by Redis alone")
                    .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
            assertThat(counts(FaultCalls.neitherDecidedNorUnavailable(answers))).isEqualTo("none");
            assertThat(frozenDone).allSatisfy(call -> {
                assertThat(call.status()).isIn(200, 201, 503);
                if (call.status() == 503) {
                    assertThat(call.body()).contains("\"code\":\"UNAVAILABLE\"");
                }
                assertThat(call.took()).isLessThan(STALL.plusSeconds(10));
            });
            assertThat(health)
                    .as("the database is every shard: one frozen makes the service's health DOWN, whichever shard a"
                            + " check would reach")
                    .allSatisfy(call -> assertThat(call.status()).isEqualTo(503));
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }

    private static List<FaultCalls.Call> joined(List<CompletableFuture<FaultCalls.Call>> calls) {
        return calls.stream().map(CompletableFuture::join).toList();
    }

    /** Grab rows in each shard's database; {@code -1} for {@code skipped} (frozen: a read would wait). */
    private static long[] grabRowsPerShard(FaultRig rig, int... skipped) throws SQLException {
        List<String> databases = rig.databases();
        long[] rows = new long[databases.size()];
        for (int shard = 0; shard < databases.size(); shard++) {
            final int current = shard;
            if (Arrays.stream(skipped).anyMatch(s -> s == current)) {
                rows[shard] = -1;
                continue;
            }
            try (Connection db = PrivateServers.dataSource(databases.get(shard)).getConnection();
                    Statement sql = db.createStatement();
                    ResultSet count = sql.executeQuery("SELECT COUNT(*) FROM packet_grabs")) {
                count.next();
                rows[shard] = count.getLong(1);
            }
        }
        return rows;
    }

    private static String difference(long[] before, long[] after) {
        List<String> each = new ArrayList<>();
        for (int shard = 0; shard < before.length; shard++) {
            each.add(
                    after[shard] < 0
                            ? "shard " + shard + " frozen"
                            : "shard " + shard + " +" + (after[shard] - before[shard]));
        }
        return String.join(", ", each);
    }
}
