package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.EachDatabase;
import java.util.ArrayList;
import java.util.List;

/**
 * Invariant 1: {@code Σ balances + Σ escrow + in flight = Σ deposits}, exactly, at any moment. Deposits are what the
 * {@code world:<user>} accounts gave; escrow is the ledger sum of every {@code escrow:<packet>} account; in flight is the money
 * of grabs recorded on their packet's database and not yet credited on the grabber's, the sum of the {@code transit:}
 * accounts (ADR 0084). Every transaction's legs sum to zero on its own database, so each database's sums hold in its
 * own snapshot, and adding the databases' snapshots up is exact whenever each was taken: no moment common to all of
 * them is needed. Each database's legs summing to zero is checked too.
 */
public final class MoneyConservationCheck implements AuditCheck {

    private final EachDatabase databases;

    public MoneyConservationCheck(EachDatabase databases) {
        this.databases = databases;
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
        List<Sums> shards = databases.inSnapshots(jdbc -> {
            long balances = jdbc.sql("SELECT COALESCE(SUM(balance), 0) FROM accounts")
                    .query(Long.class)
                    .single();
            return jdbc.sql(
                            "SELECT COALESCE(SUM(amount), 0),"
                                    + " COALESCE(SUM(CASE WHEN account LIKE 'escrow:%' THEN amount END), 0),"
                                    + " COALESCE(SUM(CASE WHEN account LIKE 'world:%' THEN amount END), 0),"
                                    + " COALESCE(SUM(CASE WHEN account LIKE 'transit:%' THEN amount END), 0) FROM ledger_entries")
                    .query((rs, row) -> new Sums(balances, rs.getLong(1), rs.getLong(2), -rs.getLong(3), rs.getLong(4)))
                    .single();
        });
        Sums total = new Sums(0, 0, 0, 0, 0);
        List<String> unbalanced = new ArrayList<>();
        for (int shard = 0; shard < shards.size(); shard++) {
            total = total.plus(shards.get(shard));
            if (shards.get(shard).ledger() != 0) {
                unbalanced.add("database " + shard + "'s legs sum to "
                        + shards.get(shard).ledger());
            }
        }
        String figures = "balances " + total.balances() + " + escrow " + total.escrow() + " + in flight "
                + total.inFlight() + " = " + (total.balances() + total.escrow() + total.inFlight()) + ", deposits "
                + total.deposits() + ", ledger sum " + total.ledger()
                + (shards.size() > 1 ? " (" + shards.size() + " databases)" : "");
        boolean ok = total.balances() + total.escrow() + total.inFlight() == total.deposits()
                && unbalanced.isEmpty()
                && total.escrow() >= 0;
        return ok
                ? AuditResult.passed(figures)
                : AuditResult.failed("money was created or lost: " + figures
                        + (unbalanced.isEmpty() ? "" : "; " + String.join("; ", unbalanced)));
    }

    private record Sums(long balances, long ledger, long escrow, long deposits, long inFlight) {
        Sums plus(Sums other) {
            return new Sums(
                    balances + other.balances,
                    ledger + other.ledger,
                    escrow + other.escrow,
                    deposits + other.deposits,
                    inFlight + other.inFlight);
        }
    }
}
