package io.hongbao.account.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.support.InMemoryTransactions;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading an account with in-memory ports, no Spring: what a user holds, and their own ledger page by page. */
class ReadingAccountTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final UserId USER = UserId.of(7);
    private static final UserId OTHER = UserId.of(8);

    private final InMemoryAccounts accounts = new InMemoryAccounts(new InMemoryTransactions());
    private final ReadingAccount reading = new ReadingAccount(accounts);

    @Test
    void aUserNobodyPaidHoldsNothingAndReadingCreatesNoAccount() {
        assertThat(reading.account(USER)).isEqualTo(new Account(USER, Cents.ZERO, Points.ZERO));
        assertThat(reading.ledger(USER, 10, null)).isEmpty();
        assertThat(accounts.find(USER)).isEmpty();
    }

    @Test
    void aUserSeesTheirBalanceAndPoints() {
        accounts.deposit(USER, Cents.of(500), "deposit:1", NOW);
        accounts.grantPoints(USER, Points.of(30), "grant:1", NOW);
        accounts.deposit(OTHER, Cents.of(900), "deposit:2", NOW);

        assertThat(reading.account(USER)).isEqualTo(new Account(USER, Cents.of(500), Points.of(30)));
    }

    @Test
    void theLedgerIsNewestFirstAtMostTheLimitAndOnlyTheUsersOwn() {
        deposits(USER, 100, 200, 300);
        deposits(OTHER, 900);

        assertThat(amounts(reading.ledger(USER, 2, null))).containsExactly(300L, 200L);
        assertThat(amounts(reading.ledger(USER, 10, null))).containsExactly(300L, 200L, 100L);
    }

    @Test
    void theNextPageHoldsOnlyEntriesOlderThanTheGivenOne() {
        deposits(USER, 100, 200, 300);
        List<LedgerEntry> firstPage = reading.ledger(USER, 2, null);

        List<LedgerEntry> nextPage = reading.ledger(USER, 2, firstPage.get(1).id());

        assertThat(amounts(nextPage)).containsExactly(100L);
        assertThat(reading.ledger(USER, 2, nextPage.get(0).id())).isEmpty();
    }

    private void deposits(UserId user, long... amounts) {
        for (long amount : amounts) {
            accounts.deposit(user, Cents.of(amount), "deposit:" + user.value() + ":" + amount, NOW);
        }
    }

    private static List<Long> amounts(List<LedgerEntry> entries) {
        return entries.stream().map(LedgerEntry::amount).toList();
    }
}
