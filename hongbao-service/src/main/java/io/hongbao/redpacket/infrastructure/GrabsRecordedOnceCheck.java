package io.hongbao.redpacket.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.Snapshots;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 3 in the database: every recorded grab took a real share for its exact amount, and is paid exactly once
 * in the ledger (one PACKET_GRABBED credit per grab, none without a grab). The unique keys already refuse a second
 * grab per (packet, user) and per share; this check proves the money side matches them.
 */
public final class GrabsRecordedOnceCheck implements AuditCheck {

    private final JdbcClient jdbc;
    private final Snapshots snapshots;

    public GrabsRecordedOnceCheck(JdbcClient jdbc, Snapshots snapshots) {
        this.jdbc = jdbc;
        this.snapshots = snapshots;
    }

    @Override
    public String name() {
        return "grabs-recorded-once";
    }

    @Override
    public AuditResult run() {
        return snapshots.read(() -> {
            long grabs = count("SELECT COUNT(*) FROM packet_grabs");
            long wrongShare = count("SELECT COUNT(*) FROM packet_grabs g LEFT JOIN packet_shares s"
                    + " ON s.packet_id = g.packet_id AND s.seq = g.seq WHERE s.amount IS NULL OR s.amount <> g.amount");
            long unpaid = count("SELECT COUNT(*) FROM packet_grabs g LEFT JOIN ledger_entries l"
                    + " ON l.transfer_ref = CONCAT('grab:', g.packet_id, ':', g.user_id)"
                    + " AND l.account = CONCAT('user:', g.user_id)"
                    + " WHERE l.id IS NULL OR l.amount <> g.amount OR l.kind <> 'PACKET_GRABBED'");
            long credits = count(
                    "SELECT COUNT(*) FROM ledger_entries WHERE kind = 'PACKET_GRABBED' AND account LIKE 'user:%'");
            String figures = grabs + " grabs, " + credits + " grab credits, " + wrongShare + " not matching a share, "
                    + unpaid + " not paid exactly";
            boolean ok = wrongShare == 0 && unpaid == 0 && credits == grabs;
            return ok ? AuditResult.passed(figures) : AuditResult.failed(figures);
        });
    }

    private long count(String sql) {
        return jdbc.sql(sql).query(Long.class).single();
    }
}
