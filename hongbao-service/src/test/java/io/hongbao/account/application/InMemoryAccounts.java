package io.hongbao.account.application;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Accounts;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.support.InMemoryTransactions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link Accounts} in memory, kept like the tables: a deposit is two legs, the user's and its world source's, under
 * one transfer reference; entry ids grow across all accounts; a transfer reference used twice is refused, as the
 * ledger's unique key refuses it. It counts writes made outside a transaction.
 */
final class InMemoryAccounts implements Accounts {

    private record Leg(long id, String account, long amount, LedgerKind kind, Instant at) {}

    private final InMemoryTransactions transactions;
    private final Map<UserId, Account> accounts = new HashMap<>();
    private final List<Leg> legs = new ArrayList<>();
    private final Set<String> transferRefs = new LinkedHashSet<>();
    private final Set<String> grantRefs = new LinkedHashSet<>();
    private long nextId = 1;
    private int writesOutsideATransaction;

    InMemoryAccounts(InMemoryTransactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public Account deposit(UserId userId, Cents amount, String transferRef, Instant at) {
        written();
        if (!transferRefs.add(transferRef)) {
            throw new IllegalStateException("the ledger refuses a second transfer " + transferRef);
        }
        Account before = find(userId).orElseGet(() -> Account.empty(userId));
        accounts.put(userId, new Account(userId, before.balance().plus(amount), before.points()));
        legs.add(new Leg(nextId++, "world:" + userId.value(), -amount.value(), LedgerKind.DEPOSIT, at));
        legs.add(new Leg(nextId++, userId.ledgerAccount(), amount.value(), LedgerKind.DEPOSIT, at));
        return accounts.get(userId);
    }

    @Override
    public Account grantPoints(UserId userId, Points points, String transferRef, Instant at) {
        written();
        if (!grantRefs.add(transferRef)) {
            throw new IllegalStateException("the point entries refuse a second grant " + transferRef);
        }
        Account before = find(userId).orElseGet(() -> Account.empty(userId));
        accounts.put(
                userId,
                new Account(
                        userId,
                        before.balance(),
                        Points.of(Math.addExact(before.points().value(), points.value()))));
        return accounts.get(userId);
    }

    @Override
    public Optional<Account> find(UserId userId) {
        return Optional.ofNullable(accounts.get(userId));
    }

    @Override
    public List<LedgerEntry> ledger(UserId userId, int limit, Long beforeId) {
        long below = beforeId == null ? Long.MAX_VALUE : beforeId;
        List<LedgerEntry> newestFirst = new ArrayList<>();
        for (int i = legs.size() - 1; i >= 0 && newestFirst.size() < limit; i--) {
            Leg leg = legs.get(i);
            if (leg.account().equals(userId.ledgerAccount()) && leg.id() < below) {
                newestFirst.add(new LedgerEntry(leg.id(), leg.amount(), leg.kind(), null, leg.at()));
            }
        }
        return newestFirst;
    }

    /** The transfer references of the deposits, in the order they were written. */
    List<String> transferRefs() {
        return List.copyOf(transferRefs);
    }

    /** The references of the points grants, in the order they were written. */
    List<String> grantRefs() {
        return List.copyOf(grantRefs);
    }

    /** The sum of every leg of every account: zero while each transfer balances. */
    long sumOfAllLegs() {
        return legs.stream().mapToLong(Leg::amount).sum();
    }

    int writesOutsideATransaction() {
        return writesOutsideATransaction;
    }

    private void written() {
        if (!transactions.open()) {
            writesOutsideATransaction++;
        }
    }
}
