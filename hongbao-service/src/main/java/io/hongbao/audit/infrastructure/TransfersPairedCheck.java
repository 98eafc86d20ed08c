package io.hongbao.audit.infrastructure;

import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditPaging;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.SqlTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Money in transit arrives (ADR 0084): a grab whose grabber is on another database than its packet moves its money into
 * {@code transit:escrow:<P>} on the packet's database, then out of {@code transit:user:<N>} on the grabber's, both legs
 * keyed by the grab's {@code transfer_ref}. Each leg into transit is paired by that key with its leg out of transit,
 * looked up on every database; one not received within {@code bound} of its grab (a second step that keeps failing, or
 * was dead-lettered) fails the check by name, the oldest few; so does one received for another amount. Younger money
 * in transit is a grab mid-flight and passes.
 *
 * <p>The legs into transit are read a page at a time by keyset on the ledger's {@code (account, id)} index, and the
 * legs out of transit of a page by its transfer references (the ledger's unique key) after the page was read: a
 * second step always commits after its first, so a pair is never seen half for want of a common snapshot. The walk
 * covers every cross-database grab of the history, in both audit scopes.
 */
public final class TransfersPairedCheck implements AuditCheck {

    private static final int REPORTED = 5;

    private final EachDatabase databases;
    private final int pageSize;
    private final Duration bound;
    private final Clock clock;

    public TransfersPairedCheck(EachDatabase databases, AuditPaging paging, Duration bound, Clock clock) {
        this.databases = databases;
        this.pageSize = paging.pageSize();
        this.bound = bound;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "transfers-paired";
    }

    @Override
    public AuditResult run() {
        Instant overdueBefore = clock.instant().minus(bound);
        Walk walk = new Walk(overdueBefore);
        for (int shard = 0; shard < databases.count(); shard++) {
            String account = "";
            long id = 0;
            while (true) {
                List<Leg> page = sentFrom(shard, account, id);
                if (page.isEmpty()) {
                    break;
                }
                walk.add(page, received(page));
                Leg last = page.get(page.size() - 1);
                account = last.account();
                id = last.id();
            }
        }
        return walk.verdict();
    }

    private List<Leg> sentFrom(int shard, String afterAccount, long afterId) {
        return databases.on(
                shard,
                jdbc -> jdbc.sql("SELECT id, account, transfer_ref, amount, created_at"
                                + " FROM ledger_entries WHERE account LIKE 'transit:escrow:%'"
                                + " AND (account > ? OR (account = ? AND id > ?)) ORDER BY account, id LIMIT ?")
                        .params(afterAccount, afterAccount, afterId, pageSize)
                        .query((rs, row) -> new Leg(
                                shard,
                                rs.getLong("id"),
                                rs.getString("account"),
                                rs.getString("transfer_ref"),
                                rs.getLong("amount"),
                                SqlTime.fromSql(rs, "created_at")))
                        .list());
    }

    /** Per transfer reference of the page, the money moved out of transit on any database. */
    private Map<String, Long> received(List<Leg> page) {
        List<Object> refs = new ArrayList<>(page.stream().map(Leg::transferRef).toList());
        Map<String, Long> received = new HashMap<>();
        for (int shard = 0; shard < databases.count(); shard++) {
            databases
                    .on(
                            shard,
                            jdbc -> jdbc.sql("SELECT transfer_ref, amount FROM ledger_entries WHERE transfer_ref IN ("
                                            + String.join(", ", Collections.nCopies(refs.size(), "?"))
                                            + ") AND account LIKE 'transit:user:%'")
                                    .params(refs)
                                    .query((rs, row) -> Map.entry(rs.getString(1), -rs.getLong(2)))
                                    .list())
                    .forEach(leg -> received.merge(leg.getKey(), leg.getValue(), Long::sum));
        }
        return received;
    }

    /** A leg into transit: {@code transit:escrow:<P>} credited on the packet's database. */
    private record Leg(int shard, long id, String account, String transferRef, long amount, Instant at) {}

    /** What the walk found, in bounded memory: counts, sums and the oldest few offenders. */
    private final class Walk {
        private final Instant overdueBefore;
        private final List<Leg> overdue = new ArrayList<>();
        private final List<String> mismatched = new ArrayList<>();
        private long transfers;
        private long inFlight;
        private long inFlightCents;
        private long overdueCount;
        private long overdueCents;
        private long mismatchedCount;

        Walk(Instant overdueBefore) {
            this.overdueBefore = overdueBefore;
        }

        void add(List<Leg> page, Map<String, Long> received) {
            for (Leg leg : page) {
                transfers++;
                Long arrived = received.get(leg.transferRef());
                if (arrived == null) {
                    if (leg.at().isBefore(overdueBefore)) {
                        overdueCount++;
                        overdueCents += leg.amount();
                        keepOldest(leg);
                    } else {
                        inFlight++;
                        inFlightCents += leg.amount();
                    }
                } else if (arrived != leg.amount()) {
                    mismatchedCount++;
                    if (mismatched.size() < REPORTED) {
                        mismatched.add(leg.transferRef() + ": " + leg.amount() + " cents into transit on database "
                                + leg.shard() + ", " + arrived + " out");
                    }
                }
            }
        }

        private void keepOldest(Leg leg) {
            overdue.add(leg);
            if (overdue.size() > REPORTED) {
                overdue.sort((a, b) -> a.at().compareTo(b.at()));
                overdue.remove(REPORTED);
            }
        }

        AuditResult verdict() {
            String figures = transfers + " transfers across databases, " + inFlight + " in transit for less than "
                    + bound + " (" + inFlightCents + " cents)";
            if (overdueCount == 0 && mismatchedCount == 0) {
                return AuditResult.passed(figures);
            }
            List<String> problems = new ArrayList<>();
            if (overdueCount > 0) {
                overdue.sort((a, b) -> a.at().compareTo(b.at()));
                problems.add(overdueCount + " in transit for more than " + bound + " (" + overdueCents
                        + " cents), never received on the grabber's database; the oldest: "
                        + String.join("; ", overdue.stream().map(Walk::describe).toList()));
            }
            if (mismatchedCount > 0) {
                problems.add(mismatchedCount + " received for another amount: " + String.join("; ", mismatched));
            }
            return AuditResult.failed(String.join("; ", problems) + "; " + figures);
        }

        private static String describe(Leg leg) {
            return leg.transferRef() + " (" + leg.amount() + " cents into " + leg.account() + " on database "
                    + leg.shard() + " at " + leg.at() + ")";
        }
    }
}
