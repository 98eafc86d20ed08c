package io.hongbao.account.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.collections.Chunks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link EscrowAccounts} in MariaDB/MySQL. The debit is one conditional UPDATE, so two concurrent sends can never
 * both spend the same money; credits are {@code balance = balance + ?}, never read-modify-write.
 */
public final class JdbcEscrowAccounts implements EscrowAccounts {

    private static final int ROWS_PER_INSERT = 200;

    private final JdbcClient jdbc;

    public JdbcEscrowAccounts(JdbcClient jdbc) {
        this.jdbc = jdbc;
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
        return true;
    }

    @Override
    public void payOut(List<EscrowPayout> payouts) {
        if (payouts.isEmpty()) {
            return;
        }
        // One credit per payee, in ascending user id order: concurrent batches then lock account rows in the same
        // order and cannot deadlock on each other. InnoDB applies a multi-row INSERT's rows in the order written, so
        // one statement per chunk keeps that order while saving a statement (parse, round trip) per payee.
        Map<Long, Long> credits = new TreeMap<>();
        for (EscrowPayout payout : payouts) {
            credits.merge(payout.payee().value(), payout.amount().value(), Long::sum);
        }
        Instant at = payouts.get(0).at();
        for (List<Map.Entry<Long, Long>> chunk : Chunks.of(new ArrayList<>(credits.entrySet()), ROWS_PER_INSERT)) {
            credit(chunk, at);
        }
        for (List<EscrowPayout> chunk : Chunks.of(payouts, ROWS_PER_INSERT)) {
            insertLegs(chunk);
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

    private void insertLegs(List<EscrowPayout> chunk) {
        List<Object> params = new ArrayList<>(chunk.size() * 12);
        for (EscrowPayout p : chunk) {
            addLeg(params, p, p.escrowAccount(), -p.amount().value());
            addLeg(params, p, p.payee().ledgerAccount(), p.amount().value());
        }
        jdbc.sql("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at) VALUES "
                        + String.join(", ", Collections.nCopies(chunk.size() * 2, "(?, ?, ?, ?, ?, ?)")))
                .params(params)
                .update();
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
