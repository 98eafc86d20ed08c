package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.Snapshots;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invariant 1: {@code Σ balances + Σ escrow = Σ deposits}, read in one consistent snapshot. Deposits are what the
 * {@code world} account gave; escrow is the ledger sum of every {@code escrow:<packet>} account.
 */
public final class MoneyConservationCheck implements AuditCheck {

    private final JdbcClient jdbc;
    private final Snapshots snapshots;

    public MoneyConservationCheck(JdbcClient jdbc, Snapshots snapshots) {
        this.jdbc = jdbc;
        this.snapshots = snapshots;
    }

    @Override
    public String name() {
        return "money-conservation";
    }

    @Override
    public AuditResult run() {
        return snapshots.read(() -> {
            long balances = sum("SELECT COALESCE(SUM(balance), 0) FROM accounts");
            long escrow = sum("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account LIKE 'escrow:%'");
            long deposits = -sum("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account = 'world'");
            long ledger = sum("SELECT COALESCE(SUM(amount), 0) FROM ledger_entries");
            String figures = "balances " + balances + " + escrow " + escrow + " = " + (balances + escrow)
                    + ", deposits " + deposits + ", ledger sum " + ledger;
            boolean ok = balances + escrow == deposits && ledger == 0 && escrow >= 0;
            return ok ? AuditResult.passed(figures) : AuditResult.failed("money was created or lost: " + figures);
        });
    }

    private long sum(String sql) {
        return jdbc.sql(sql).query(Long.class).single();
    }
}
