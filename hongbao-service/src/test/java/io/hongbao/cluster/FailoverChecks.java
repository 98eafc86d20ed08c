package io.hongbao.cluster;

import io.hongbao.support.ClusterRig;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.RunningStorm;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** What {@link ClusterIT}'s primary failover waits for and checks: the window's end, the refunds after it. */
final class FailoverChecks {

    private FailoverChecks() {}

    /**
     * Waits until a grab that {@code which} selects, sent after {@code since}, is answered 200; returns when that
     * answer came (System.nanoTime): the end of the failover window as the clients saw it.
     */
    static long awaitDecidedOn(RunningStorm storm, Predicate<Attempt> which, long since, Duration limit)
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
    static Duration awaitRefunded(ClusterRig rig, List<String> packets, Duration limit) throws Exception {
        long start = System.nanoTime();
        while (System.nanoTime() - start < limit.toNanos()) {
            try (Connection db = rig.databaseOf(ClusterRig.SENDER).getConnection();
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
    static List<String> refundedOtherThanOnce(ClusterRig rig, List<String> packets) throws Exception {
        List<String> wrong = new ArrayList<>();
        try (Connection db = rig.databaseOf(ClusterRig.SENDER).getConnection();
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
