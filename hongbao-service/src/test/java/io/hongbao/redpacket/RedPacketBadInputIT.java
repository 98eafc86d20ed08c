package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.TestStorage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;

/** Every bad input of the Red packets section: its status and code, and nothing debited, stored or published. */
@Tag(TestStorage.SERVER_INDEPENDENT)
class RedPacketBadInputIT extends IntegrationTest {

    private static final long BALANCE = 5_000_000;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @ParameterizedTest(name = "packet body {0} is 400 VALIDATION_FAILED")
    @ValueSource(
            strings = {
                "{\"count\": 1}", // no total
                "{\"totalAmount\": 100}", // no count
                "{\"totalAmount\": null, \"count\": 1}",
                "{\"totalAmount\": 100, \"count\": null}",
                "{\"totalAmount\": 12.5, \"count\": 1}",
                "{\"totalAmount\": 100.0, \"count\": 1}",
                "{\"totalAmount\": \"100\", \"count\": 1}",
                "{\"totalAmount\": true, \"count\": 1}",
                "{\"totalAmount\": 0, \"count\": 1}",
                "{\"totalAmount\": -100, \"count\": 1}",
                "{\"totalAmount\": 9, \"count\": 10}", // less than a cent a share
                "{\"totalAmount\": 2000001, \"count\": 1}", // above max-total-amount
                "{\"totalAmount\": 99999999999999999999, \"count\": 1}",
                "{\"totalAmount\": 100, \"count\": 0}",
                "{\"totalAmount\": 100, \"count\": -1}",
                "{\"totalAmount\": 2000000, \"count\": 1001}", // above max-count
                "{\"totalAmount\": 100, \"count\": 1.5}",
                "{\"totalAmount\": 100, \"count\": \"2\"}",
                "{\"totalAmount\": 100, \"count\": 99999999999}",
                "{\"totalAmount\": 100, \"count\": 3, \"type\": \"EQUAL\"}", // does not divide
                "{\"totalAmount\": 100, \"count\": 1, \"type\": \"LUCKY\"}",
                "{\"totalAmount\": 100, \"count\": 1, \"type\": \"random\"}",
                "{\"totalAmount\": 100, \"count\": 1, \"type\": \"\"}",
                "{\"totalAmount\": 100, \"count\": 1, \"type\": 1}",
                "{\"totalAmount\": 100, \"count\": 1, \"expiresInSeconds\": 0}",
                "{\"totalAmount\": 100, \"count\": 1, \"expiresInSeconds\": -5}",
                "{\"totalAmount\": 100, \"count\": 1, \"expiresInSeconds\": 604801}",
                "{\"totalAmount\": 100, \"count\": 1, \"expiresInSeconds\": 1.5}",
                "{\"totalAmount\": 100, \"count\": 1, \"expiresInSeconds\": \"60\"}",
                "{\"totalAmount\": 100, \"count\": 1, \"greeting\": 5}",
                "{\"totalAmount\": 100, \"count\": 1, \"greeting\": \"12345678901234567890123456789012345678901234567890"
                        + "123456789012345678901234567890123456789012345678901\"}", // 101 characters
                "{\"totalAmount\": 100, \"count\": 1, \"groupId\": 5}",
                "{\"totalAmount\": 100, \"count\": 1, \"senderId\": 5}", // unknown field
                "{\"totalAmount\": 100, \"count\": 1", // truncated
                "[100, 1]",
                "not json",
                ""
            })
    void rejectsABadPacketAndChangesNothing(String body) {
        long sender = newUser();
        api().deposit(sender, BALANCE).expectStatus().isOk();

        api().postRaw(tokenFor(sender), "/api/v1/packets", body, new HttpHeaders())
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .isNotEmpty();

        assertNothingChanged(sender);
    }

    @Test
    void theLimitsThemselvesAreAccepted() {
        long sender = newUser();
        api().deposit(sender, BALANCE).expectStatus().isOk();
        String hundredChars = "恭".repeat(100);

        packets().sendOk(sender, 2_000_000, 1000, "EQUAL", 604_800L, null);
        api().postRaw(
                        tokenFor(sender),
                        "/api/v1/packets",
                        "{\"totalAmount\": 1, \"count\": 1, \"expiresInSeconds\": 1, \"greeting\": \"" + hundredChars
                                + "\"}",
                        new HttpHeaders())
                .expectStatus()
                .isCreated();

        assertThat(api().balanceOf(sender)).isEqualTo(BALANCE - 2_000_001);
    }

    @Test
    void anUnknownGroupIsNotFoundAndChangesNothing() {
        long sender = newUser();
        api().deposit(sender, BALANCE).expectStatus().isOk();

        api().postRaw(
                        tokenFor(sender),
                        "/api/v1/packets",
                        "{\"totalAmount\": 100, \"count\": 1, \"groupId\": \"0000000000nosuchgroup\"}",
                        new HttpHeaders())
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
        api().postRaw(
                        tokenFor(sender),
                        "/api/v1/packets",
                        "{\"totalAmount\": 100, \"count\": 1, \"groupId\": \"not a group\"}",
                        new HttpHeaders())
                .expectStatus()
                .isNotFound();

        assertNothingChanged(sender);
    }

    @Test
    void packetsNeedAToken() {
        api().postRaw(null, "/api/v1/packets", "{\"totalAmount\": 100, \"count\": 1}", new HttpHeaders())
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
        api().postRaw(null, "/api/v1/packets/0000000000nosuchpacket/grab", "", new HttpHeaders())
                .expectStatus()
                .isUnauthorized();
    }

    @ParameterizedTest(name = "limit={0} is 400 VALIDATION_FAILED")
    @ValueSource(strings = {"0", "-1", "201", "abc", "1.5"})
    void rejectsABadLimit(String limit) {
        long user = newUser();
        for (String path : new String[] {"/api/v1/me/grabs?limit=", "/api/v1/me/packets?limit="}) {
            api().getAs(user, path + limit)
                    .expectStatus()
                    .isBadRequest()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("VALIDATION_FAILED");
        }
    }

    private void assertNothingChanged(long sender) {
        assertThat(api().balanceOf(sender)).isEqualTo(BALANCE);
        api().ledger(sender).expectBody().jsonPath("$.entries.length()").isEqualTo(1);
        packets().myPackets(sender).expectBody().jsonPath("$.items.length()").isEqualTo(0);
    }
}
