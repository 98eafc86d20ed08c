package io.hongbao.account.infrastructure;

import static io.hongbao.platform.db.SqlTime.fromSql;
import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.outbox.Outbox;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link Accounts} in MariaDB/MySQL. Balances change only through {@code balance = balance + ?} in the database,
 * never read-modify-write in Java, so concurrent movements on one account cannot lose an update.
 */
final class JdbcAccounts implements Accounts {

    /**
     * Where a deposit's money comes from: {@code world:<user>}, one source per depositor, so that both legs of a
     * deposit are the user's and sit on the user's database shard (ADR 0083).
     */
    static final String WORLD = "world:";

    private final JdbcClient jdbc;
    private final Outbox outbox;

    /** @param outbox where each movement's event is written, after the account row's lock (ordering, {@link Outbox}) */
    JdbcAccounts(JdbcClient jdbc, Outbox outbox) {
        this.jdbc = jdbc;
        this.outbox = outbox;
    }

    @Override
    public Account deposit(UserId userId, Cents amount, String transferRef, Instant at) {
        jdbc.sql("INSERT INTO accounts (user_id, balance, points, created_at) VALUES (?, ?, 0, ?)"
                        + " ON DUPLICATE KEY UPDATE balance = balance + VALUES(balance)")
                .params(userId.value(), amount.value(), toSql(at))
                .update();
        LedgerWriter.transfer(
                jdbc,
                transferRef,
                WORLD + userId.value(),
                userId.ledgerAccount(),
                amount,
                LedgerKind.DEPOSIT,
                null,
                at);
        if (outbox.writes()) {
            outbox.write(jdbc, MoneyEvents.deposited(userId, amount, transferRef, at));
        }
        return find(userId).orElseThrow();
    }

    @Override
    public Account grantPoints(UserId userId, Points points, String transferRef, Instant at) {
        jdbc.sql("INSERT INTO accounts (user_id, balance, points, created_at) VALUES (?, 0, ?, ?)"
                        + " ON DUPLICATE KEY UPDATE points = points + VALUES(points)")
                .params(userId.value(), points.value(), toSql(at))
                .update();
        jdbc.sql("INSERT INTO point_entries (transfer_ref, user_id, points, kind, created_at) VALUES (?, ?, ?, ?, ?)")
                .params(transferRef, userId.value(), points.value(), "GRANT", toSql(at))
                .update();
        if (outbox.writes()) {
            outbox.write(jdbc, MoneyEvents.pointsGranted(userId, points, transferRef, at));
        }
        return find(userId).orElseThrow();
    }

    @Override
    public Optional<Account> find(UserId userId) {
        return jdbc.sql("SELECT balance, points FROM accounts WHERE user_id = ?")
                .param(userId.value())
                .query((rs, row) ->
                        new Account(userId, Cents.of(rs.getLong("balance")), Points.of(rs.getLong("points"))))
                .optional();
    }

    @Override
    public List<LedgerEntry> ledger(UserId userId, int limit, Long beforeId) {
        return jdbc.sql("SELECT id, amount, kind, packet_id, created_at FROM ledger_entries"
                        + " WHERE account = ? AND id < ? ORDER BY id DESC LIMIT ?")
                .params(userId.ledgerAccount(), beforeId == null ? Long.MAX_VALUE : beforeId, limit)
                .query((rs, row) -> new LedgerEntry(
                        rs.getLong("id"),
                        rs.getLong("amount"),
                        LedgerKind.valueOf(rs.getString("kind")),
                        rs.getString("packet_id"),
                        fromSql(rs, "created_at")))
                .list();
    }
}
