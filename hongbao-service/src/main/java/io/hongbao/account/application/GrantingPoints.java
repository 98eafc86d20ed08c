package io.hongbao.account.application;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.Transactions;
import java.time.Clock;
import java.util.UUID;

/** An operator gives a user lottery points. */
public final class GrantingPoints {

    private final Accounts accounts;
    private final Transactions transactions;
    private final Clock clock;

    public GrantingPoints(Accounts accounts, Transactions transactions, Clock clock) {
        this.accounts = accounts;
        this.transactions = transactions;
        this.clock = clock;
    }

    public Account grant(UserId userId, Points points) {
        if (points.value() == 0) {
            throw new IllegalArgumentException("a grant gives at least one point");
        }
        String transferRef = "grant:" + UUID.randomUUID();
        return transactions.inTransaction(() -> accounts.grantPoints(userId, points, transferRef, clock.instant()));
    }
}
