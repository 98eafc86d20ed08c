package io.hongbao.redpacket.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.Snapshots;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 2 in the database, per packet: the shares add up to the total; recorded grabs + refund never exceed it
 * and, once refunded, equal it; at most {@code count} grabs; the escrow account holds exactly
 * {@code total - grabs - refund}.
 */
public final class PacketSumsCheck implements AuditCheck {

    private final JdbcClient jdbc;
    private final Snapshots snapshots;

    public PacketSumsCheck(JdbcClient jdbc, Snapshots snapshots) {
        this.jdbc = jdbc;
        this.snapshots = snapshots;
    }

    @Override
    public String name() {
        return "packet-sums";
    }

    @Override
    public AuditResult run() {
        return snapshots.read(() -> {
            List<PacketFigures> packets = jdbc.sql("SELECT p.id, p.total_amount, p.share_count, p.refunded_amount,"
                            + " (SELECT COALESCE(SUM(s.amount), 0) FROM packet_shares s WHERE s.packet_id = p.id)"
                            + " AS shares_sum,"
                            + " (SELECT COUNT(*) FROM packet_shares s WHERE s.packet_id = p.id) AS shares,"
                            + " (SELECT COALESCE(SUM(g.amount), 0) FROM packet_grabs g WHERE g.packet_id = p.id)"
                            + " AS grabbed,"
                            + " (SELECT COUNT(*) FROM packet_grabs g WHERE g.packet_id = p.id) AS grabs,"
                            + " (SELECT COALESCE(SUM(l.amount), 0) FROM ledger_entries l"
                            + " WHERE l.account = CONCAT('escrow:', p.id)) AS escrow"
                            + " FROM red_packets p")
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
            List<String> problems = new ArrayList<>();
            for (PacketFigures p : packets) {
                p.problem().ifPresent(problems::add);
            }
            return problems.isEmpty()
                    ? AuditResult.passed(packets.size() + " packets add up")
                    : AuditResult.failed(problems.size() + " packets do not add up: "
                            + String.join("; ", problems.subList(0, Math.min(5, problems.size()))));
        });
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

        java.util.Optional<String> problem() {
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
            return ok ? java.util.Optional.empty() : java.util.Optional.of(figures);
        }
    }
}
