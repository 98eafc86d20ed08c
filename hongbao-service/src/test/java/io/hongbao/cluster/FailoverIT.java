package io.hongbao.cluster;

import static io.hongbao.support.FaultReport.counts;
import static io.hongbao.support.FaultReport.millis;
import static io.hongbao.support.FaultReport.sentBetween;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.ClusterRig;
import io.hongbao.support.FaultReport;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.LocalRedisCluster.Failover;
import io.hongbao.support.LocalRedisCluster.Node;
import io.hongbao.support.RunningStorm;
import io.hongbao.support.StormJudge.Verdict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@code kill -9} of one Redis Cluster primary in the middle of a grab storm. Its replica takes over its slots within
 * seconds (cluster-node-timeout 1 s); meanwhile grabs on the other primaries' packets go on, and grabs on the failed
 * primary's packets are answered 503 UNAVAILABLE (retry-safe) until the service follows the new topology, and then
 * decided again. Afterwards every GRABBED answer is in the database exactly once, no share was granted twice, and the
 * packets that expire after the failover (on every primary, the failed one included) are refunded exactly once.
 */
class FailoverIT {

    private static final Set<String> DECIDED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED");
    private static final int EXPIRES_IN_SECONDS = 20;
    private static final Duration WINDOW_LIMIT = Duration.ofSeconds(20);

    @Test
    void grabsOnAFailedPrimarysPacketsAre503UntilItsReplicaTookOverAndNoAnsweredGrabIsLostOrGrantedTwice()
            throws Exception {
        FaultReport report = new FaultReport("FailoverIT");
        try (ClusterRig rig = ClusterRig.start("FailoverIT", 1, Map.of())) {
            List<String> expiring = rig.sendPackets(15, 1000, 10, EXPIRES_IN_SECONDS);
            long expiresAt =
                    System.nanoTime() + Duration.ofSeconds(EXPIRES_IN_SECONDS).toNanos();
            List<String> packets = new ArrayList<>(rig.sendPackets(45, 1000, 10, 86400));
            packets.addAll(expiring);
            Map<String, Node> primaryOf = rig.primaryOf(packets);
            // The primary with the most packets among those that hold an expiring one: its refunds cross the failover.
            Node victim = rig.cluster().primaryNodes().stream()
                    .filter(p -> expiring.stream().anyMatch(e -> p.equals(primaryOf.get(e))))
                    .max(Comparator.comparingLong(
                            p -> primaryOf.values().stream().filter(p::equals).count()))
                    .orElseThrow();
            Predicate<Attempt> onVictim = a -> victim.equals(primaryOf.get(a.packetId()));

            RunningStorm storm = rig.storm(0, packets, 2_000_000_000L, 4000, 24, 7);
            storm.awaitMoreAnswers(1000, Duration.ofMinutes(1));
            rig.cluster().kill(victim);
            long killed = System.nanoTime();
            Failover failover = rig.cluster().awaitFailover(victim, Duration.ofSeconds(30));
            long servedAgain = awaitDecidedOn(storm, onVictim, killed, WINDOW_LIMIT);
            storm.awaitMoreAnswers(1000, Duration.ofMinutes(1));
            List<Attempt> answers = storm.stop();

            List<Attempt> failedShardInWindow = sentBetween(answers, killed, servedAgain).stream()
                    .filter(onVictim)
                    .toList();
            List<Attempt> othersInWindow = sentBetween(answers, killed, servedAgain).stream()
                    .filter(onVictim.negate())
                    .toList();
            long unavailable =
                    failedShardInWindow.stream().filter(a -> a.status() == 503).count();
            Thread.sleep(
                    Math.max(0, Duration.ofNanos(expiresAt - System.nanoTime()).toMillis()));
            Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(60));
            Duration refundsIn = awaitRefunded(rig, expiring, Duration.ofSeconds(60));
            List<String> refundedOtherThanOnce = refundedOtherThanOnce(rig, expiring);
            Verdict verdict = rig.judge(0).judge(answers, packets);
            long expiringOnVictim = expiring.stream()
                    .filter(e -> victim.equals(primaryOf.get(e)))
                    .count();
            report.line(
                            "stage (3 primaries + 3 replicas, MariaDB, 1 instance) up in %d ms",
                            rig.startedIn().toMillis())
                    .line(
                            "%d grabs by 24 clients as 4000 users over %d packets (%d on the killed primary %s, %d of"
                                    + " them expiring)",
                            answers.size(),
                            packets.size(),
                            primaryOf.values().stream().filter(victim::equals).count(),
                            victim,
                            expiringOnVictim)
                    .line("answered grabs per primary: %s", ClusterRig.perPrimary(primaryOf, answers))
                    .line(
                            "answered before the kill: %s; in flight at the kill: %s",
                            counts(answers.stream()
                                    .filter(a -> a.answeredAtNanos() < killed)
                                    .toList()),
                            counts(sentBetween(answers, Long.MIN_VALUE, killed).stream()
                                    .filter(a -> a.answeredAtNanos() >= killed)
                                    .toList()))
                    .line(
                            "replica %s primary %d ms after the kill; failed shard served again (first grab decided)"
                                    + " %d ms after the kill",
                            failover.promoted(), failover.afterKill().toMillis(), millis(servedAgain - killed))
                    .line(
                            "window on the failed shard: %s (503: %d); on the other shards: %s",
                            counts(failedShardInWindow), unavailable, counts(othersInWindow))
                    .line("after the window: %s", counts(sentBetween(answers, servedAgain, Long.MAX_VALUE)))
                    .line(
                            "all recorded %d ms after the storm; %d expiring packets refunded %d ms after that, refunded"
                                    + " other than once: %s",
                            drained.toMillis(), expiring.size(), refundsIn.toMillis(), refundedOtherThanOnce)
                    .line(
                            "lost %d, double-granted %d (shares twice %d); judge: %s",
                            verdict.lost(), verdict.duplicated(), verdict.sharesTwice(), verdict.summary())
                    .print();

            assertThat(counts(answers.stream()
                            .filter(a -> !(a.status() == 200 && DECIDED.contains(a.outcome()))
                                    && !"503 UNAVAILABLE".equals(a.kind()))
                            .toList()))
                    .as("answers neither decided nor 503 UNAVAILABLE")
                    .isEqualTo("none");
            assertThat(failedShardInWindow)
                    .as("grabs on the failed primary's packets while it was away")
                    .anySatisfy(a -> assertThat(a.status()).isEqualTo(503));
            assertThat(othersInWindow)
                    .as("grabs on the other primaries' packets while the failed one was away")
                    .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("GRABBED"));
            assertThat(sentBetween(answers, servedAgain, Long.MAX_VALUE).stream()
                            .filter(onVictim)
                            .toList())
                    .as("grabs on the failed primary's packets after the window")
                    .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
            assertThat(refundedOtherThanOnce).isEmpty();
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }

    /**
     * Waits until a grab that {@code which} selects, sent after {@code since}, is answered 200; returns when that answer
     * came (System.nanoTime): the end of the failover window as the clients saw it.
     */
    private static long awaitDecidedOn(RunningStorm storm, Predicate<Attempt> which, long since, Duration limit)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            storm.awaitMoreAnswers(50, Duration.ofMinutes(1));
            Long first = storm.soFar().stream()
                    .filter(which)
                    .filter(a -> a.startedAtNanos() > since && a.status() == 200)
                    .map(Attempt::answeredAtNanos)
                    .min(Long::compare)
                    .orElse(null);
            if (first != null) {
                return first;
            }
        }
        throw new IllegalStateException(
                "no grab on the failed primary's packets was decided within " + limit + " of the kill");
    }

    /** Waits until every packet of {@code packets} has its refund recorded (refunded_amount set). */
    private static Duration awaitRefunded(ClusterRig rig, List<String> packets, Duration limit) throws Exception {
        long start = System.nanoTime();
        while (System.nanoTime() - start < limit.toNanos()) {
            try (Connection db = rig.database().dataSource().getConnection();
                    PreparedStatement open = db.prepareStatement(
                            "SELECT COUNT(*) FROM red_packets WHERE refunded_amount IS NULL AND id IN ("
                                    + String.join(
                                            ", ", packets.stream().map(p -> "?").toList()) + ")")) {
                for (int i = 0; i < packets.size(); i++) {
                    open.setString(i + 1, packets.get(i));
                }
                try (ResultSet rs = open.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return Duration.ofNanos(System.nanoTime() - start);
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the expiring packets were not all refunded within " + limit);
    }

    /**
     * The packets whose refund is not exactly what was left, exactly once: refunded_amount = total − Σ grabs, and
     * exactly one refund transfer (escrow debit and sender credit) when something was left.
     */
    private static List<String> refundedOtherThanOnce(ClusterRig rig, List<String> packets) throws Exception {
        List<String> wrong = new ArrayList<>();
        try (Connection db = rig.database().dataSource().getConnection();
                PreparedStatement check = db.prepareStatement("SELECT p.total_amount, p.refunded_amount,"
                        + " (SELECT COALESCE(SUM(g.amount), 0) FROM packet_grabs g WHERE g.packet_id = p.id),"
                        + " (SELECT COUNT(*) FROM ledger_entries l WHERE l.kind = 'PACKET_REFUNDED'"
                        + " AND l.packet_id = p.id)"
                        + " FROM red_packets p WHERE p.id = ?")) {
            for (String packet : packets) {
                check.setString(1, packet);
                try (ResultSet rs = check.executeQuery()) {
                    rs.next();
                    long total = rs.getLong(1);
                    long refunded = rs.getLong(2);
                    long grabbed = rs.getLong(3);
                    long legs = rs.getLong(4);
                    if (refunded != total - grabbed || legs != (refunded > 0 ? 2 : 0)) {
                        wrong.add(packet + " (total " + total + ", grabbed " + grabbed + ", refunded " + refunded
                                + ", refund ledger entries " + legs + ")");
                    }
                }
            }
        }
        return wrong;
    }
}
