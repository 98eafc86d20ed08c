package io.hongbao.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import org.junit.jupiter.api.Test;

class AccountsIT extends IntegrationTest {

    @Test
    void depositCreatesTheAccountAndCreditsIt() {
        long user = newUser();

        api().deposit(user, 50_000)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.userId")
                .isEqualTo(user)
                .jsonPath("$.balance")
                .isEqualTo(50_000)
                .jsonPath("$.points")
                .isEqualTo(0);

        assertThat(api().balanceOf(user)).isEqualTo(50_000);
    }

    @Test
    void depositsAddUpAndEachIsALedgerEntryNewestFirst() {
        long user = newUser();

        api().deposit(user, 100).expectStatus().isOk();
        api().deposit(user, 250)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.balance")
                .isEqualTo(350);

        api().ledger(user)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.entries.length()")
                .isEqualTo(2)
                .jsonPath("$.entries[0].amount")
                .isEqualTo(250)
                .jsonPath("$.entries[0].kind")
                .isEqualTo("DEPOSIT")
                .jsonPath("$.entries[0].packetId")
                .isEmpty()
                .jsonPath("$.entries[0].at")
                .isNotEmpty()
                .jsonPath("$.entries[1].amount")
                .isEqualTo(100);
    }

    @Test
    void ledgerPagesBackwardsWithLimitAndBefore() {
        long user = newUser();
        for (int amount = 1; amount <= 5; amount++) {
            api().deposit(user, amount).expectStatus().isOk();
        }

        var firstPage = api().getAs(user, "/api/v1/me/ledger?limit=2")
                .expectStatus()
                .isOk()
                .expectBody(LedgerJson.class)
                .returnResult()
                .getResponseBody();
        assertThat(firstPage.entries()).extracting(EntryJson::amount).containsExactly(5L, 4L);

        long oldestShown = firstPage.entries().get(1).id();
        var secondPage = api().getAs(user, "/api/v1/me/ledger?limit=2&before=" + oldestShown)
                .expectStatus()
                .isOk()
                .expectBody(LedgerJson.class)
                .returnResult()
                .getResponseBody();
        assertThat(secondPage.entries()).extracting(EntryJson::amount).containsExactly(3L, 2L);
    }

    @Test
    void aUserWhoNeverReceivedAnythingHasAnEmptyAccount() {
        long user = newUser();

        api().account(user)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.userId")
                .isEqualTo(user)
                .jsonPath("$.balance")
                .isEqualTo(0)
                .jsonPath("$.points")
                .isEqualTo(0);
        api().ledger(user)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.entries.length()")
                .isEqualTo(0);
    }

    @Test
    void grantsPointsWithoutTouchingTheBalance() {
        long user = newUser();
        api().deposit(user, 700).expectStatus().isOk();

        api().grantPoints(user, 100)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.balance")
                .isEqualTo(700)
                .jsonPath("$.points")
                .isEqualTo(100);
        api().grantPoints(user, 5)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.points")
                .isEqualTo(105);
    }

    @Test
    void aUserSeesOnlyTheirOwnLedger() {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();

        api().ledger(bob)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.entries.length()")
                .isEqualTo(0);
        assertThat(api().balanceOf(bob)).isZero();
    }

    record LedgerJson(java.util.List<EntryJson> entries) {}

    record EntryJson(long id, long amount, String kind, String packetId, String at) {}
}
