package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.Snapshots;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Every cached balance equals the sum of its account's ledger legs. The full audit checks each account: the database
 * sums the ledger by account in one pass and returns the first offenders only. The recent audit checks the balances
 * together against all user legs together, two plain sums: a balance that drifted from its ledger fails it as well
 * (unless another drifted back by exactly as much), and the full audit then names the users (ADR 0068).
 */
public final class BalancesMatchLedgerCheck implements AuditCheck {

    private final JdbcClient jdbc;
    private final Snapshots snapshots;

    public BalancesMatchLedgerCheck(JdbcClient jdbc, Snapshots snapshots) {
        this.jdbc = jdbc;
        this.snapshots = snapshots;
    }

    @Override
    public String name() {
        return "balances-match-ledger";
    }

    @Override
    public AuditResult run() {
        return run(AuditScope.FULL);
    }

    @Override
    public AuditResult run(AuditScope scope) {
        return scope.full() ? eachAccount() : together();
    }

    /**
     * The ledger is summed by account in one sequential pass (the index by account is kept out of it: walking it would
     * read every leg's row at random, one account after another), then joined with the accounts.
     */
    private AuditResult eachAccount() {
        return snapshots.read(() -> {
            List<String> offenders = jdbc.sql("SELECT a.user_id, a.balance, COALESCE(l.total, 0) AS ledger"
                            + " FROM accounts a LEFT JOIN (SELECT account, SUM(amount) AS total FROM ledger_entries"
                            + " IGNORE INDEX (ledger_entries_by_account) WHERE account LIKE 'user:%' GROUP BY account) l"
                            + " ON l.account = CONCAT('user:', a.user_id)"
                            + " WHERE a.balance <> COALESCE(l.total, 0) LIMIT 5")
                    .query((rs, row) ->
                            "user " + rs.getLong(1) + " balance " + rs.getLong(2) + " ledger " + rs.getLong(3))
                    .list();
            long accounts =
                    jdbc.sql("SELECT COUNT(*) FROM accounts").query(Long.class).single();
            return offenders.isEmpty()
                    ? AuditResult.passed(accounts + " balances match their ledger")
                    : AuditResult.failed("balances differ from the ledger: " + String.join("; ", offenders));
        });
    }

    private AuditResult together() {
        return jdbc.sql("SELECT (SELECT COUNT(*) FROM accounts), (SELECT COALESCE(SUM(balance), 0) FROM accounts),"
                        + " (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account LIKE 'user:%')")
                .query((rs, row) -> {
                    String figures = "all " + rs.getLong(1) + " balances together: " + rs.getLong(2) + ", their ledger "
                            + rs.getLong(3);
                    return rs.getLong(2) == rs.getLong(3)
                            ? AuditResult.passed(figures + " (the full audit checks each)")
                            : AuditResult.failed("balances differ from the ledger: " + figures
                                    + "; the full audit (scope=full) names the users");
                })
                .single();
    }
}
