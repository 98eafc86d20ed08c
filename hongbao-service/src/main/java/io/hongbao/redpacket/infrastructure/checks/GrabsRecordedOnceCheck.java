package io.hongbao.redpacket.infrastructure.checks;

import static io.hongbao.redpacket.infrastructure.checks.AuditedPackets.placeholders;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.redpacket.model.PacketShards;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 3 in the database: every recorded grab took a real share for its exact amount, and is paid exactly once
 * in the ledger (one PACKET_GRABBED debit of its escrow per grab, and as many credits, to the grabber or into transit
 * towards the grabber's database, none without a grab). The unique keys already refuse a second grab per (packet,
 * user) and per share; this check proves the money side matches them. Grabs are matched with their share and their
 * escrow debit, both on the packet's database, a page of packets at a time; the recent audit matches only the grabs of
 * the packets it checks one by one, and the others through counts and sums over every grab and every credit (ADR
 * 0068), each database's in one snapshot of its own (ADR 0084).
 */
public final class GrabsRecordedOnceCheck implements AuditCheck {

    private final EachDatabase databases;
    private final PacketShards shards;
    private final AuditedPackets packets;

    public GrabsRecordedOnceCheck(JdbcClient jdbc, EachDatabase databases, PacketShards shards, AuditPaging paging) {
        this.databases = databases;
        this.shards = shards;
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

        /** Counted in each packet's database: one row comes back per page and database. */
        void add(List<String> ids) {
            AuditedPackets.byDatabase(ids, shards)
                    .forEach((database, onIt) -> databases.on(database, jdbc -> {
                        jdbc.sql("SELECT COUNT(*),"
                                        + " COALESCE(SUM(s.amount IS NULL OR s.amount <> g.amount), 0),"
                                        + " COALESCE(SUM(l.id IS NULL OR l.amount <> -g.amount OR l.kind <> 'PACKET_GRABBED'), 0)"
                                        + " FROM packet_grabs g"
                                        + " LEFT JOIN packet_shares s ON s.packet_id = g.packet_id AND s.seq = g.seq"
                                        // The debit by its unique key, one row per grab: with a page of
                                        // hundreds of packets MariaDB chose the index by account instead and read
                                        // every entry of the packet's escrow for each of its grabs (a page of a
                                        // million-user run: minutes instead of about a second).
                                        + " LEFT JOIN ledger_entries l FORCE INDEX (ledger_entries_once)"
                                        + " ON l.transfer_ref = CONCAT('grab:', g.packet_id, ':', g.user_id)"
                                        + " AND l.account = CONCAT('escrow:', g.packet_id)"
                                        + " WHERE g.packet_id IN (" + placeholders(onIt.size()) + ")")
                                .params(List.copyOf(onIt))
                                .query(rs -> {
                                    grabs += rs.getLong(1);
                                    wrongShare += rs.getLong(2);
                                    unpaid += rs.getLong(3);
                                });
                        return null;
                    }));
        }

        boolean ok() {
            return wrongShare == 0 && unpaid == 0;
        }

        @Override
        public String toString() {
            return grabs + " grabs, " + wrongShare + " not matching a share, " + unpaid + " not paid exactly";
        }
    }

    /**
     * Every grab against every grab credit, each database in one statement (one snapshot): as many, for as much. A
     * grab whose grabber is on another database is credited in two places, into transit on the packet's database,
     * then out of transit to the grabber on the grabber's: counting the credits into transit and every credit to a
     * user, less the moves out of transit, counts each grab once whichever step it is at, on each database alone.
     */
    private Totals totals() {
        Totals total = new Totals(0, 0, 0, 0);
        for (Totals shard : databases.inSnapshots(jdbc -> jdbc.sql("SELECT (SELECT COUNT(*) FROM packet_grabs),"
                        + " (SELECT COALESCE(SUM(amount), 0) FROM packet_grabs), c.credits, c.credited FROM (SELECT"
                        + " COALESCE(SUM(CASE WHEN account LIKE 'transit:user:%' THEN -1 ELSE 1 END), 0) AS credits,"
                        + " COALESCE(SUM(amount), 0) AS credited FROM ledger_entries"
                        + " WHERE kind = 'PACKET_GRABBED' AND account NOT LIKE 'escrow:%') c")
                .query((rs, row) -> new Totals(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)))
                .single())) {
            total = new Totals(
                    total.grabs() + shard.grabs(),
                    total.grabbed() + shard.grabbed(),
                    total.credits() + shard.credits(),
                    total.credited() + shard.credited());
        }
        return total;
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
