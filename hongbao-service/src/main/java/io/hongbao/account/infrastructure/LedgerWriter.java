package io.hongbao.account.infrastructure;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.LedgerKind;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Writes one double-entry transfer: two legs that sum to zero under one {@code transfer_ref}. The unique
 * (transfer_ref, account) key refuses a second recording of the same transfer.
 */
public final class LedgerWriter {

    private LedgerWriter() {}

    public static void transfer(
            JdbcClient jdbc,
            String transferRef,
            String fromAccount,
            String toAccount,
            Cents amount,
            LedgerKind kind,
            String packetId,
            Instant at) {
        jdbc.sql("INSERT INTO ledger_entries (transfer_ref, account, amount, kind, packet_id, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)")
                .params(
                        transferRef,
                        fromAccount,
                        -amount.value(),
                        kind.name(),
                        packetId,
                        toSql(at),
                        transferRef,
                        toAccount,
                        amount.value(),
                        kind.name(),
                        packetId,
                        toSql(at))
                .update();
    }
}
