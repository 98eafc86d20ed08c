package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.audit.model.AuditScope;
import io.hongbao.platform.db.EachDatabase;
import java.util.ArrayList;
import java.util.List;

/**
 * Every cached balance equals the sum of its account's ledger legs. The full audit checks each account: the database
 * sums the ledger by account in one pass and returns the first offenders only. The recent audit checks the balances
 * together against all user legs together, two plain sums: a balance that drifted from its ledger fails it as well
 * (unless another drifted back by exactly as much), and the full audit then names the users (ADR 0068).
 */
public final class BalancesMatchLedgerCheck implements AuditCheck {

    private final EachDatabase databases;

    public BalancesMatchLedgerCheck(EachDatabase databases) {
        this.databases = databases;
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
        List<Offenders> shards = databases.inSnapshots(jdbc -> new Offenders(
                jdbc.sql("SELECT a.user_id, a.balance, COALESCE(l.total, 0) AS ledger"
                                + " FROM accounts a LEFT JOIN (SELECT account, SUM(amount) AS total FROM ledger_entries"
                                + " IGNORE INDEX (ledger_entries_by_account) WHERE account LIKE 'user:%' GROUP BY account) l"
                                + " ON l.account = CONCAT('user:', a.user_id)"
                                + " WHERE a.balance <> COALESCE(l.total, 0) LIMIT 5")
                        .query((rs, row) ->
                                "user " + rs.getLong(1) + " balance " + rs.getLong(2) + " ledger " + rs.getLong(3))
                        .list(),
                jdbc.sql("SELECT COUNT(*) FROM accounts").query(Long.class).single()));
        List<String> offenders = new ArrayList<>();
        long accounts = 0;
        for (Offenders shard : shards) {
            offenders.addAll(shard.users());
            accounts += shard.accounts();
        }
        return offenders.isEmpty()
                ? AuditResult.passed(accounts + " balances match their ledger")
                : AuditResult.failed("balances differ from the ledger: "
                        + String.join("; ", offenders.subList(0, Math.min(5, offenders.size()))));
    }

    private record Offenders(List<String> users, long accounts) {}

    /** A user's account and legs are on one database: each database's sums match on their own. */
    private AuditResult together() {
        long accounts = 0;
        long balances = 0;
        long legs = 0;
        for (long[] shard : databases.inSnapshots(jdbc -> jdbc.sql("SELECT (SELECT COUNT(*) FROM accounts),"
                        + " (SELECT COALESCE(SUM(balance), 0) FROM accounts),"
                        + " (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account LIKE 'user:%')")
                .query((rs, row) -> new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)})
                .single())) {
            accounts += shard[0];
            balances += shard[1];
            legs += shard[2];
        }
        String figures = "all " + accounts + " balances together: " + balances + ", their ledger " + legs;
        return balances == legs
                ? AuditResult.passed(figures + " (the full audit checks each)")
                : AuditResult.failed("balances differ from the ledger: " + figures
                        + "; the full audit (scope=full) names the users");
    }
}
