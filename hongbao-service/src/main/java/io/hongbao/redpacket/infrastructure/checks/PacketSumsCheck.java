package io.hongbao.redpacket.infrastructure.checks;

import static io.hongbao.redpacket.infrastructure.checks.AuditedPackets.placeholders;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.redpacket.model.PacketShards;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 2 in the database, per packet: the shares add up to the total; recorded grabs + refund never exceed it
 * and, once refunded, equal it; at most {@code count} grabs; the escrow account holds exactly
 * {@code total - grabs - refund}. Packets are checked a page at a time; each page's figures come from one statement,
 * so they are consistent with each other (InnoDB reads one snapshot per statement) without a transaction held open
 * across the whole table. The recent audit checks only the packets it names one by one, and every packet together
 * through the same equations summed over all of them (ADR 0068).
 */
public final class PacketSumsCheck implements AuditCheck {

    private final EachDatabase databases;
    private final PacketShards shards;
    private final AuditedPackets packets;

    public PacketSumsCheck(JdbcClient jdbc, EachDatabase databases, PacketShards shards, AuditPaging paging) {
        this.databases = databases;
        this.shards = shards;
        this.packets = new AuditedPackets(jdbc, paging.pageSize(), Long.MAX_VALUE);
    }

    @Override
    public String name() {
        return "packet-sums";
    }

    @Override
    public AuditResult run() {
        return run(AuditScope.FULL);
    }

    @Override
    public AuditResult run(AuditScope scope) {
        Offenders offenders = new Offenders();
        long checked = packets.forEachPage(
                scope,
                page -> figures(AuditedPackets.ids(page))
                        .forEach(p -> p.problem().ifPresent(offenders::add)));
        String figures = checked + " packets checked one by one (" + scope.describe() + ")";
        if (!scope.full()) {
            Totals totals = totals();
            figures += "; " + totals;
            if (!totals.addUp()) {
                return AuditResult.failed("the packets do not add up together: " + totals + offenders.andThem()
                        + "; the full audit (scope=full) names the packets");
            }
        }
        return offenders.none()
                ? AuditResult.passed(figures + ", all add up")
                : AuditResult.failed(offenders.count() + " packets do not add up: " + offenders);
    }

    /** A packet's shares, grabs and escrow legs are on its own database: each page is read there. */
    private List<PacketFigures> figures(List<String> ids) {
        List<PacketFigures> figures = new ArrayList<>();
        AuditedPackets.byDatabase(ids, shards)
                .forEach((database, onIt) -> figures.addAll(databases.on(database, jdbc -> figures(jdbc, onIt))));
        return figures;
    }

    private static List<PacketFigures> figures(JdbcClient jdbc, List<String> ids) {
        return jdbc.sql("SELECT p.id, p.total_amount, p.share_count, p.refunded_amount,"
                        + " (SELECT COALESCE(SUM(s.amount), 0) FROM packet_shares s WHERE s.packet_id = p.id)"
                        + " AS shares_sum,"
                        + " (SELECT COUNT(*) FROM packet_shares s WHERE s.packet_id = p.id) AS shares,"
                        + " (SELECT COALESCE(SUM(g.amount), 0) FROM packet_grabs g WHERE g.packet_id = p.id)"
                        + " AS grabbed,"
                        + " (SELECT COUNT(*) FROM packet_grabs g WHERE g.packet_id = p.id) AS grabs,"
                        + " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger_entries l"
                        + " WHERE l.account = CONCAT('escrow:', p.id)) AS escrow"
                        + " FROM red_packets p WHERE p.id IN (" + placeholders(ids.size()) + ")")
                .params(List.copyOf(ids))
                .query((rs, row) -> new PacketFigures(
                        rs.getString("id"),
                        rs.getLong("total_amount"),
                        rs.getInt("share_count"),
                        rs.getObject("refunded_amount") == null ? null : rs.getLong("refunded_amount"),
                        rs.getLong("shares_sum"),
                        rs.getInt("shares"),
                        rs.getLong("grabbed"),
                        rs.getInt("grabs"),
                        rs.getLong("escrow")))
                .list();
    }

    /**
     * Every packet together, each database in one statement (one snapshot of its own; a packet's rows are all on
     * its database): the shares add up to the totals, no more grabs than
     * shares, and the escrow accounts of the packets hold what was neither grabbed nor refunded. What a packet checked
     * one by one would show, these show summed over the packets nobody checks one by one any more. An escrow account
     * without a packet row is left to money-conservation, as the checks one by one leave it too. Every table is read in
     * one sequential pass: the escrow legs find their packet by primary key, rather than each packet its legs through
     * the index by account, which would read the legs' rows at random.
     */
    private Totals totals() {
        Totals total = new Totals(0, 0, 0, 0, 0, 0, 0, 0, 0);
        for (Totals shard : databases.inSnapshots(PacketSumsCheck::totals)) {
            total = total.plus(shard);
        }
        return total;
    }

    private static Totals totals(JdbcClient jdbc) {
        return jdbc.sql("SELECT (SELECT COUNT(*) FROM red_packets),"
                        + " (SELECT COALESCE(SUM(total_amount), 0) FROM red_packets),"
                        + " (SELECT COALESCE(SUM(share_count), 0) FROM red_packets),"
                        + " (SELECT COALESCE(SUM(refunded_amount), 0) FROM red_packets),"
                        + " (SELECT COALESCE(SUM(amount), 0) FROM packet_shares),"
                        + " (SELECT COUNT(*) FROM packet_shares),"
                        + " (SELECT COALESCE(SUM(amount), 0) FROM packet_grabs),"
                        + " (SELECT COUNT(*) FROM packet_grabs),"
                        + " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger_entries l"
                        + " IGNORE INDEX (ledger_entries_by_account) JOIN red_packets p"
                        + " ON p.id = l.packet_id AND l.account = CONCAT('escrow:', p.id)"
                        + " WHERE l.account LIKE 'escrow:%')")
                .query((rs, row) -> new Totals(
                        rs.getLong(1),
                        rs.getLong(2),
                        rs.getLong(3),
                        rs.getLong(4),
                        rs.getLong(5),
                        rs.getLong(6),
                        rs.getLong(7),
                        rs.getLong(8),
                        rs.getLong(9)))
                .single();
    }

    private record Totals(
            long packets,
            long total,
            long count,
            long refunded,
            long sharesSum,
            long shares,
            long grabbed,
            long grabs,
            long escrow) {

        Totals plus(Totals o) {
            return new Totals(
                    packets + o.packets,
                    total + o.total,
                    count + o.count,
                    refunded + o.refunded,
                    sharesSum + o.sharesSum,
                    shares + o.shares,
                    grabbed + o.grabbed,
                    grabs + o.grabs,
                    escrow + o.escrow);
        }

        boolean addUp() {
            return sharesSum == total && shares == count && grabs <= count && escrow == total - grabbed - refunded;
        }

        @Override
        public String toString() {
            return "all " + packets + " packets together: total " + total + " in " + count + " shares, shares "
                    + shares + " = " + sharesSum + ", grabbed " + grabs + " = " + grabbed + ", refunded " + refunded
                    + ", escrow " + escrow;
        }
    }

    private record PacketFigures(
            String id,
            long total,
            int count,
            Long refunded,
            long sharesSum,
            int shares,
            long grabbed,
            int grabs,
            long escrow) {

        Optional<String> problem() {
            long refund = refunded == null ? 0 : refunded;
            long remaining = total - grabbed - refund;
            String figures = id + " (total " + total + ", count " + count + ", shares " + shares + " = " + sharesSum
                    + ", grabbed " + grabs + " = " + grabbed + ", refunded " + refunded + ", escrow " + escrow + ")";
            boolean ok = sharesSum == total
                    && shares == count
                    && grabs <= count
                    && remaining >= 0
                    && escrow == remaining
                    && (refunded == null || remaining == 0);
            return ok ? Optional.empty() : Optional.of(figures);
        }
    }
}
