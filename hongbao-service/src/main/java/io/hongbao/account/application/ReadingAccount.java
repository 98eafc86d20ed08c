package io.hongbao.account.application;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.account.model.UserId;
import java.util.List;

/** A user looks at their balance, points and ledger. */
public final class ReadingAccount {

    private final Accounts accounts;

    public ReadingAccount(Accounts accounts) {
        this.accounts = accounts;
    }

    public Account account(UserId userId) {
        return accounts.find(userId).orElseGet(() -> Account.empty(userId));
    }

    public List<LedgerEntry> ledger(UserId userId, int limit, Long beforeId) {
        return accounts.ledger(userId, limit, beforeId);
    }
}
