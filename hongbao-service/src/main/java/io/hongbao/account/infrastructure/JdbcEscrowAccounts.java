package io.hongbao.account.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.EscrowPlacement;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.collections.Chunks;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link EscrowAccounts} in MariaDB/MySQL. The debit is one conditional UPDATE, so two concurrent sends can never
 * both spend the same money; credits are {@code balance = balance + ?}, never read-modify-write. A payout to a user
 * whose account is on another database than the packet goes through transit accounts in two local transactions
 * (ADR 0084).
 */
public final class JdbcEscrowAccounts implements EscrowAccounts {

    private static final int ROWS_PER_INSERT = 200;

    private final JdbcClient jdbc;
    private final DatabaseShards shards;
    private final EscrowPlacement escrows;
    private final Outbox outbox;

    /**
     * @param shards where each payee's account is
     * @param escrows where each packet's escrow is
     * @param outbox where each movement's events are written, in the same transaction
     */
    public JdbcEscrowAccounts(JdbcClient jdbc, DatabaseShards shards, EscrowPlacement escrows, Outbox outbox) {
        this.jdbc = jdbc;
        this.shards = shards;
        this.escrows = escrows;
        this.outbox = outbox;
    }

    /** Without events: for tests of the money paths alone. */
    public JdbcEscrowAccounts(JdbcClient jdbc, DatabaseShards shards, EscrowPlacement escrows) {
        this(jdbc, shards, escrows, Outbox.OFF);
    }

    @Override
    public boolean fund(UserId sender, Cents amount, String escrowAccount, String packetId, Instant at) {
        int debited = jdbc.sql("UPDATE accounts SET balance = balance - ? WHERE user_id = ? AND balance >= ?")
                .params(amount.value(), sender.value(), amount.value())
                .update();
        if (debited == 0) {
            return false;
        }
        LedgerWriter.transfer(
                jdbc,
                "send:" + packetId,
                sender.ledgerAccount(),
                escrowAccount,
                amount,
                LedgerKind.PACKET_SENT,
                packetId,
                at);
        if (outbox.writes()) {
            // After the debit locked the sender's row; the escrow is new, and nobody else can move it before commit.
            String transferRef = "send:" + packetId;
            outbox.write(
                    jdbc,
                    List.of(
                            MoneyEvents.sent(sender, amount, transferRef, packetId, at),
                            MoneyEvents.funded(sender, amount, escrowAccount, transferRef, packetId, at)));
        }
        return true;
    }

    /**
     * All the payouts' escrows are on this transaction's database (the persister writes one packet database per
     * transaction); payees elsewhere are paid into their escrow's transit account, each database's legs summing to
     * zero.
     */
    @Override
    public void payOut(List<EscrowPayout> payouts) {
        if (payouts.isEmpty()) {
            return;
        }
        List<EscrowPayout> here = new ArrayList<>();
        for (EscrowPayout payout : payouts) {
            if (paidHere(payout)) {
                here.add(payout);
            }
        }
        creditPayees(here);
        for (List<EscrowPayout> chunk : Chunks.of(payouts, ROWS_PER_INSERT)) {
            insertLegs(
                    chunk,
                    EscrowPayout::escrowAccount,
                    p -> paidHere(p) ? p.payee().ledgerAccount() : p.escrowTransitAccount());
        }
        if (outbox.writes()) {
            // Last: the caller debited the escrows (the packet rows locked) and the payees here are credited (their
            // account rows locked), so each account's events take their positions in commit order.
            List<OutboxEvent> events = new ArrayList<>(payouts.size() * 2);
            for (EscrowPayout payout : payouts) {
                boolean local = paidHere(payout);
                events.add(MoneyEvents.recorded(payout, !local));
                if (local) {
                    events.add(MoneyEvents.paid(payout));
                }
            }
            outbox.write(jdbc, events);
        }
    }

    @Override
    public void receive(List<EscrowPayout> inTransit) {
        if (inTransit.isEmpty()) {
            return;
        }
        creditPayees(inTransit);
        for (List<EscrowPayout> chunk : Chunks.of(inTransit, ROWS_PER_INSERT)) {
            insertLegs(chunk, EscrowPayout::payeeTransitAccount, p -> p.payee().ledgerAccount());
        }
        if (outbox.writes()) {
            // After the credits locked the payees' rows (ordering, Outbox).
            outbox.write(jdbc, inTransit.stream().map(MoneyEvents::paid).toList());
        }
    }

    /** A superset query on the ledger's (transfer_ref, account) unique key, filtered exactly here. */
    @Override
    public List<EscrowPayout> notReceived(List<EscrowPayout> inTransit) {
        List<EscrowPayout> missing = new ArrayList<>();
        for (List<EscrowPayout> chunk : Chunks.of(inTransit, ROWS_PER_INSERT)) {
            Set<String> refs = new LinkedHashSet<>();
            Set<String> accounts = new LinkedHashSet<>();
            chunk.forEach(p -> {
                refs.add(p.transferRef());
                accounts.add(p.payee().ledgerAccount());
            });
            List<Object> params = new ArrayList<>(refs);
            params.addAll(accounts);
            Set<String> received = new HashSet<>(jdbc.sql("SELECT transfer_ref, account FROM ledger_entries"
                            + " WHERE transfer_ref IN (" + placeholders(refs.size()) + ") AND account IN ("
                            + placeholders(accounts.size()) + ")")
                    .params(params)
                    .query((rs, row) -> rs.getString(1) + " " + rs.getString(2))
                    .list());
            for (EscrowPayout p : chunk) {
                if (!received.contains(p.transferRef() + " " + p.payee().ledgerAccount())) {
                    missing.add(p);
                }
            }
        }
        return missing;
    }

    private boolean paidHere(EscrowPayout payout) {
        return shards.ofUser(payout.payee().value()) == escrows.databaseShardOf(payout.packetId());
    }

    /**
     * One credit per payee, in ascending user id order: concurrent batches then lock account rows in the same order and
     * cannot deadlock on each other. InnoDB applies a multi-row INSERT's rows in the order written, so one statement
     * per chunk keeps that order while saving a statement (parse, round trip) per payee.
     */
    private void creditPayees(List<EscrowPayout> payouts) {
        if (payouts.isEmpty()) {
            return;
        }
        Map<Long, Long> credits = new TreeMap<>();
        for (EscrowPayout payout : payouts) {
            credits.merge(payout.payee().value(), payout.amount().value(), Long::sum);
        }
        Instant at = payouts.get(0).at();
        for (List<Map.Entry<Long, Long>> chunk : Chunks.of(new ArrayList<>(credits.entrySet()), ROWS_PER_INSERT)) {
            credit(chunk, at);
        }
    }

    private void credit(List<Map.Entry<Long, Long>> chunk, Instant at) {
        List<Object> params = new ArrayList<>(chunk.size() * 3);
        for (Map.Entry<Long, Long> credit : chunk) {
            params.add(credit.getKey());
            params.add(credit.getValue());
            params.add(toSql(at));
        }
        jdbc.sql("INSERT INTO accounts (user_id, balance, points, created_at) VALUES "
                        + String.join(", ", Collections.nCopies(chunk.size(), "(?, ?, 0, ?)"))
                        + " ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)")
                .params(params)
                .update();
    }

    private void insertLegs(
            List<EscrowPayout> chunk, Function<EscrowPayout, String> from, Function<EscrowPayout, String> to) {
        List<Object> params = new ArrayList<>(chunk.size() * 12);
        for (EscrowPayout p : chunk) {
            addLeg(params, p, from.apply(p), -p.amount().value());
            addLeg(params, p, to.apply(p), p.amount().value());
        }
        jdbc.sql("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at) VALUES "
                        + String.join(", ", Collections.nCopies(chunk.size() * 2, "(?, ?, ?, ?, ?, ?)")))
                .params(params)
                .update();
    }

    private static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }

    private static void addLeg(List<Object> params, EscrowPayout p, String account, long amount) {
        params.add(p.transferRef());
        params.add(account);
        params.add(amount);
        params.add(p.kind().name());
        params.add(p.packetId());
        params.add(toSql(p.at()));
    }
}
