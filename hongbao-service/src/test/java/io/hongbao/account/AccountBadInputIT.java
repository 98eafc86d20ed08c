package io.hongbao.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.TestStorage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;

/** Every bad input of the Accounts section gets 400 VALIDATION_FAILED and changes nothing. */
@Tag(TestStorage.SERVER_INDEPENDENT)
class AccountBadInputIT extends IntegrationTest {

    @ParameterizedTest(name = "deposit body {0} is 400 VALIDATION_FAILED")
    @ValueSource(
            strings = {
                "{\"amount\": 12.5}", // a fraction of a cent
                "{\"amount\": 1.0}", // a float, even a whole one
                "{\"amount\": \"100\"}", // a string
                "{\"amount\": true}", // a boolean
                "{\"amount\": null}",
                "{\"amount\": 0}",
                "{\"amount\": -100}",
                "{\"amount\": 99999999999999999999}", // beyond a long
                "{\"amount\": 1000000000001}", // beyond the largest deposit
                "{}", // missing
                "{\"amount\": 100, \"userId\": 9}", // unknown field
                "{\"amount\": 1, \"amount\": 2}", // a field twice: refused, not the last one read
                "{\"amount\": 100", // truncated JSON
                "[100]", // wrong shape
                "not json",
                ""
            })
    void rejectsABadDepositBodyAndChangesNothing(String body) {
        long user = newUser();
        api().deposit(user, 500).expectStatus().isOk();

        api().postRaw(api().adminToken(), "/api/v1/admin/accounts/" + user + "/deposits", body, new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .isNotEmpty();

        assertThat(api().balanceOf(user)).isEqualTo(500);
        api().ledger(user)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.entries.length()")
                .isEqualTo(1);
    }

    @Test
    void aBodyTooLargeToReadIs413WithAMessageAPersonCanActOnAndChangesNothing() {
        long user = newUser();
        String huge = "{\"amount\": 100, \"note\": \"" + "x".repeat(1_000_000) + "\"}";

        api().postRaw(api().adminToken(), "/api/v1/admin/accounts/" + user + "/deposits", huge, new HttpHeaders())
                .expectStatus()
                .isEqualTo(413)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .isEqualTo("the request body is too large");

        assertThat(api().balanceOf(user)).isZero();
    }

    @ParameterizedTest(name = "points body {0} is 400 VALIDATION_FAILED")
    @ValueSource(strings = {"{\"points\": 1.5}", "{\"points\": -1}", "{\"points\": 0}", "{}", "{\"points\": \"7\"}"})
    void rejectsABadPointsGrantAndChangesNothing(String body) {
        long user = newUser();

        api().postRaw(api().adminToken(), "/api/v1/admin/accounts/" + user + "/points", body, new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");

        assertThat(api().pointsOf(user)).isZero();
    }

    @ParameterizedTest(name = "user id {0} in the path is 400 VALIDATION_FAILED")
    // Spring alone read 0x10 as user 16, +7 and 007 as user 7, 1e3 as nothing: one spelling per id (CanonicalNumbers).
    @ValueSource(strings = {"abc", "0", "-7", "1.5", "99999999999999999999", "0x10", "+7", "007", "1e3", "0010"})
    void rejectsAnImpossibleUserIdInThePath(String userId) {
        api().postRaw(
                        api().adminToken(),
                        "/api/v1/admin/accounts/" + userId + "/deposits",
                        "{\"amount\": 100}",
                        new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
    }

    @ParameterizedTest(name = "ledger query {0} is 400 VALIDATION_FAILED")
    @ValueSource(
            strings = {
                "limit=0",
                "limit=-1",
                "limit=201",
                "limit=x",
                "before=abc",
                "limit=0x10",
                "limit=+5",
                "limit=007",
                "limit=",
                "before=0x10",
                "before="
            })
    void rejectsABadLedgerQuery(String query) {
        long user = newUser();

        api().getAs(user, "/api/v1/me/ledger?" + query)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
    }
}
