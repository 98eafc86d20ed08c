package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.Snapshots;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Every cached balance equals the sum of its account's ledger legs. */
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
        return snapshots.read(() -> {
            List<String> offenders = jdbc.sql("SELECT a.user_id, a.balance, COALESCE(l.total, 0) AS ledger"
                            + " FROM accounts a LEFT JOIN (SELECT account, SUM(amount) AS total FROM ledger_entries"
                            + " WHERE account LIKE 'user:%' GROUP BY account) l"
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
}
