package io.hongbao.redpacket.infrastructure;

import static io.hongbao.redpacket.infrastructure.AuditedPackets.placeholders;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 3 in the database: every recorded grab took a real share for its exact amount, and is paid exactly once
 * in the ledger (one PACKET_GRABBED credit per grab, none without a grab). The unique keys already refuse a second
 * grab per (packet, user) and per share; this check proves the money side matches them. Grabs are matched with their
 * share and their credit a page of packets at a time; the recent audit matches only the grabs of the packets it checks
 * one by one, and the others through counts and sums over every grab and every credit (ADR 0068).
 */
public final class GrabsRecordedOnceCheck implements AuditCheck {

    private final JdbcClient jdbc;
    private final AuditedPackets packets;

    public GrabsRecordedOnceCheck(JdbcClient jdbc, AuditPaging paging) {
        this.jdbc = jdbc;
        this.packets = new AuditedPackets(jdbc, paging.pageSize(), Long.MAX_VALUE);
    }

    @Override
    public String name() {
        return "grabs-recorded-once";
    }

    @Override
    public AuditResult run() {
        return run(AuditScope.FULL);
    }

    @Override
    public AuditResult run(AuditScope scope) {
        Matched matched = new Matched();
        long inDepth = packets.forEachPage(scope, page -> matched.add(AuditedPackets.ids(page)));
        Totals totals = totals();
        String figures = inDepth + " packets checked one by one (" + scope.describe() + "): " + matched + "; " + totals;
        return matched.ok() && totals.match() ? AuditResult.passed(figures) : AuditResult.failed(figures);
    }

    /** The grabs of the packets checked one by one, matched with their share and credit, added up page by page. */
    private final class Matched {
        private long grabs;
        private long wrongShare;
        private long unpaid;

        /** Counted in the database: one row comes back per page. */
        void add(List<String> ids) {
            jdbc.sql("SELECT COUNT(*),"
                            + " COALESCE(SUM(s.amount IS NULL OR s.amount <> g.amount), 0),"
                            + " COALESCE(SUM(l.id IS NULL OR l.amount <> g.amount OR l.kind <> 'PACKET_GRABBED'), 0)"
                            + " FROM packet_grabs g"
                            + " LEFT JOIN packet_shares s ON s.packet_id = g.packet_id AND s.seq = g.seq"
                            + " LEFT JOIN ledger_entries l"
                            + " ON l.transfer_ref = CONCAT('grab:', g.packet_id, ':', g.user_id)"
                            + " AND l.account = CONCAT('user:', g.user_id)"
                            + " WHERE g.packet_id IN (" + placeholders(ids.size()) + ")")
                    .params(List.copyOf(ids))
                    .query(rs -> {
                        grabs += rs.getLong(1);
                        wrongShare += rs.getLong(2);
                        unpaid += rs.getLong(3);
                    });
        }

        boolean ok() {
            return wrongShare == 0 && unpaid == 0;
        }

        @Override
        public String toString() {
            return grabs + " grabs, " + wrongShare + " not matching a share, " + unpaid + " not paid exactly";
        }
    }

    /** Every grab against every grab credit, in one statement (one snapshot): as many, for as much. */
    private Totals totals() {
        return jdbc.sql(
                        "SELECT (SELECT COUNT(*) FROM packet_grabs), (SELECT COALESCE(SUM(amount), 0) FROM"
                                + " packet_grabs), c.credits, c.credited FROM (SELECT COUNT(*) AS credits, COALESCE(SUM(amount),"
                                + " 0) AS credited FROM ledger_entries WHERE kind = 'PACKET_GRABBED' AND account LIKE 'user:%') c")
                .query((rs, row) -> new Totals(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)))
                .single();
    }

    private record Totals(long grabs, long grabbed, long credits, long credited) {
        boolean match() {
            return grabs == credits && grabbed == credited;
        }

        @Override
        public String toString() {
            return "all " + grabs + " grabs = " + grabbed + ", " + credits + " grab credits = " + credited;
        }
    }
}
