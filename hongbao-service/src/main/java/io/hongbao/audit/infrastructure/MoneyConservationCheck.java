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

    /**
     * Whole-table sums, not rows: memory stays the same whatever the history. The ledger is read in one pass, each sum
     * a CASE over the same rows, rather than one scan per account kind.
     */
    @Override
    public AuditResult run() {
        return snapshots.read(() -> {
            long balances = sum("SELECT COALESCE(SUM(balance), 0) FROM accounts");
            LedgerSums ledger = jdbc.sql("SELECT COALESCE(SUM(amount), 0),"
                            + " COALESCE(SUM(CASE WHEN account LIKE 'escrow:%' THEN amount END), 0),"
                            + " COALESCE(SUM(CASE WHEN account = 'world' THEN amount END), 0) FROM ledger_entries")
                    .query((rs, row) -> new LedgerSums(rs.getLong(1), rs.getLong(2), -rs.getLong(3)))
                    .single();
            long escrow = ledger.escrow();
            long deposits = ledger.deposits();
            String figures = "balances " + balances + " + escrow " + escrow + " = " + (balances + escrow)
                    + ", deposits " + deposits + ", ledger sum " + ledger.all();
            boolean ok = balances + escrow == deposits && ledger.all() == 0 && escrow >= 0;
            return ok ? AuditResult.passed(figures) : AuditResult.failed("money was created or lost: " + figures);
        });
    }

    private record LedgerSums(long all, long escrow, long deposits) {}

    private long sum(String sql) {
        return jdbc.sql(sql).query(Long.class).single();
    }
}
