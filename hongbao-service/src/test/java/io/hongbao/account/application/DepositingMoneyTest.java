package io.hongbao.account.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.LedgerEntry;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Depositing with in-memory ports, no Spring: money enters one account, in one transaction, as a new transfer. */
class DepositingMoneyTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final UserId USER = UserId.of(7);

    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryAccounts accounts = new InMemoryAccounts(transactions);
    private final DepositingMoney depositing =
            new DepositingMoney(accounts, transactions, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aDepositCreatesTheAccountOfANewUserWithTheAmountInOneTransaction() {
        Account after = depositing.deposit(USER, Cents.of(500));

        assertThat(after).isEqualTo(new Account(USER, Cents.of(500), Points.ZERO));
        assertThat(accounts.find(USER)).contains(after);
        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(accounts.writesOutsideATransaction()).isZero();
    }

    @Test
    void aDepositAddsToTheBalanceAndKeepsThePoints() {
        accounts.grantPoints(USER, Points.of(30), "grant:earlier", NOW);
        depositing.deposit(USER, Cents.of(500));

        Account after = depositing.deposit(USER, Cents.of(250));

        assertThat(after).isEqualTo(new Account(USER, Cents.of(750), Points.of(30)));
    }

    @Test
    void aDepositIsADepositEntryOnTheUsersLedgerAtTheClocksTimeAndItsLegsBalance() {
        depositing.deposit(USER, Cents.of(500));

        assertThat(accounts.ledger(USER, 10, null))
                .singleElement()
                .extracting(LedgerEntry::amount, LedgerEntry::kind, LedgerEntry::packetId, LedgerEntry::at)
                .containsExactly(500L, LedgerKind.DEPOSIT, null, NOW);
        assertThat(accounts.sumOfAllLegs()).isZero();
    }

    @Test
    void twoEqualDepositsAreTwoTransfersEachWithItsOwnReference() {
        depositing.deposit(USER, Cents.of(500));
        Account after = depositing.deposit(USER, Cents.of(500));

        assertThat(after.balance()).isEqualTo(Cents.of(1_000));
        assertThat(accounts.transferRefs())
                .hasSize(2)
                .doesNotHaveDuplicates()
                .allMatch(ref -> ref.startsWith("deposit:"));
        assertThat(transactions.commits()).isEqualTo(2);
    }

    @Test
    void aDepositTouchesNoOtherAccount() {
        UserId other = UserId.of(8);
        depositing.deposit(other, Cents.of(100));

        depositing.deposit(USER, Cents.of(500));

        assertThat(accounts.find(other)).contains(new Account(other, Cents.of(100), Points.ZERO));
        assertThat(accounts.ledger(other, 10, null))
                .extracting(LedgerEntry::amount)
                .containsExactly(100L);
    }

    @Test
    void aDepositOfNothingIsRefusedBeforeAnyTransactionAndWritesNothing() {
        assertThatThrownBy(() -> depositing.deposit(USER, Cents.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a deposit moves at least one cent");

        assertThat(accounts.find(USER)).isEmpty();
        assertThat(accounts.ledger(USER, 10, null)).isEmpty();
        assertThat(accounts.transferRefs()).isEmpty();
        assertThat(transactions.commits()).isZero();
    }
}
