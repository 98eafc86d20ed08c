package io.hongbao.account.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.Account;
import io.hongbao.account.model.Cents;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Granting points with in-memory ports, no Spring: points, never money, in one transaction, as a new grant. */
class GrantingPointsTest {

    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00Z");
    private static final UserId USER = UserId.of(7);

    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryAccounts accounts = new InMemoryAccounts(transactions);
    private final GrantingPoints granting =
            new GrantingPoints(accounts, transactions, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aGrantCreatesTheAccountOfANewUserWithThePointsInOneTransaction() {
        Account after = granting.grant(USER, Points.of(100));

        assertThat(after).isEqualTo(new Account(USER, Cents.ZERO, Points.of(100)));
        assertThat(accounts.find(USER)).contains(after);
        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(accounts.writesOutsideATransaction()).isZero();
    }

    @Test
    void aGrantAddsToEarlierPointsAndLeavesTheMoneyAlone() {
        accounts.deposit(USER, Cents.of(500), "deposit:earlier", NOW);
        granting.grant(USER, Points.of(100));

        Account after = granting.grant(USER, Points.of(100));

        assertThat(after).isEqualTo(new Account(USER, Cents.of(500), Points.of(200)));
        assertThat(accounts.ledger(USER, 10, null)).hasSize(1);
        assertThat(accounts.transferRefs()).containsExactly("deposit:earlier");
    }

    @Test
    void twoEqualGrantsAreTwoGrantsEachWithItsOwnReference() {
        granting.grant(USER, Points.of(100));
        granting.grant(USER, Points.of(100));

        assertThat(accounts.grantRefs()).hasSize(2).doesNotHaveDuplicates().allMatch(ref -> ref.startsWith("grant:"));
    }

    @Test
    void aGrantOfNoPointsIsRefusedBeforeAnyTransactionAndWritesNothing() {
        assertThatThrownBy(() -> granting.grant(USER, Points.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a grant gives at least one point");

        assertThat(accounts.find(USER)).isEmpty();
        assertThat(accounts.grantRefs()).isEmpty();
        assertThat(transactions.commits()).isZero();
    }
}
