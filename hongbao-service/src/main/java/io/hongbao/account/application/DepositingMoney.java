package io.hongbao.account.application;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.db.Transactions;
import java.time.Clock;
import java.util.UUID;

/** An operator puts money into a user's account (the only way money enters the system). */
public final class DepositingMoney {

    private final Accounts accounts;
    private final Transactions transactions;
    private final Clock clock;

    public DepositingMoney(Accounts accounts, Transactions transactions, Clock clock) {
        this.accounts = accounts;
        this.transactions = transactions;
        this.clock = clock;
    }

    public Account deposit(UserId userId, Cents amount) {
        if (amount.isZero()) {
            throw new IllegalArgumentException("a deposit moves at least one cent");
        }
        String transferRef = "deposit:" + UUID.randomUUID();
        return transactions.inTransaction(() -> accounts.deposit(userId, amount, transferRef, clock.instant()));
    }
}
