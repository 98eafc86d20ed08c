package io.hongbao.platform.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.IntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/** docs/api.md, Idempotency: a repeat returns the first answer and does nothing more; another body is 422. */
class IdempotencyIT extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Test
    void aKeyOlderThanTheRetentionIsPurgedAndThenNamesANewRequest() {
        long user = newUser();
        String old = "old-" + UUID.randomUUID();
        String fresh = "fresh-" + UUID.randomUUID();
        deposit(user, old, 300).expectStatus().isOk();
        deposit(user, fresh, 200).expectStatus().isOk();

        jdbc.sql("UPDATE idempotency_records SET created_at = created_at - INTERVAL 25 HOUR WHERE idempotency_key = ?")
                .param(old)
                .update();

        await().atMost(Duration.ofSeconds(20)).until(() -> records(old) == 0);
        assertThat(records(fresh)).isEqualTo(1);
        deposit(user, old, 300).expectStatus().isOk();
        assertThat(api().balanceOf(user))
                .as("the expired key named a new deposit")
                .isEqualTo(800);
        deposit(user, fresh, 200).expectStatus().isOk();
        assertThat(api().balanceOf(user)).isEqualTo(800);
    }

    private long records(String key) {
        return jdbc.sql("SELECT COUNT(*) FROM idempotency_records WHERE idempotency_key = ?")
                .param(key)
                .query(Long.class)
                .single();
    }

    @Test
    void aRepeatWithTheSameKeyReturnsTheFirstAnswerAndDepositsOnce() {
        long user = newUser();

        String first = deposit(user, "key-1", 300)
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
        String repeat = deposit(user, "key-1", 300)
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();

        assertThat(repeat).isEqualTo(first);
        assertThat(api().balanceOf(user)).isEqualTo(300);
    }

    @Test
    void theSameKeyWithAnotherBodyIs422AndChangesNothing() {
        long user = newUser();
        deposit(user, "key-2", 300).expectStatus().isOk();

        deposit(user, "key-2", 301)
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("IDEMPOTENCY_KEY_REUSED");

        assertThat(api().balanceOf(user)).isEqualTo(300);
    }

    @Test
    void theSameKeyOnAnotherAccountIsAnotherRequest() {
        long alice = newUser();
        long bob = newUser();
        deposit(alice, "key-3", 300).expectStatus().isOk();

        deposit(bob, "key-3", 300).expectStatus().isEqualTo(422);
        assertThat(api().balanceOf(bob)).isZero();
    }

    @Test
    void differentKeysAreDifferentRequests() {
        long user = newUser();

        deposit(user, "key-4a", 300).expectStatus().isOk();
        deposit(user, "key-4b", 300).expectStatus().isOk();

        assertThat(api().balanceOf(user)).isEqualTo(600);
    }

    @Test
    void concurrentRepeatsOfOneKeyDepositOnceAndAllGetTheSameAnswer() throws Exception {
        long user = newUser();
        int repeats = 16;
        ExecutorService pool = Executors.newFixedThreadPool(repeats);
        try {
            List<Callable<String>> calls = IntStream.range(0, repeats)
                    .<Callable<String>>mapToObj(i -> () -> deposit(user, "key-5", 1_000)
                            .expectStatus()
                            .isOk()
                            .expectBody(String.class)
                            .returnResult()
                            .getResponseBody())
                    .toList();
            List<String> answers =
                    pool.invokeAll(calls).stream().map(IdempotencyIT::get).toList();

            assertThat(answers).hasSize(repeats).allMatch(answers.get(0)::equals);
        } finally {
            pool.shutdownNow();
        }
        assertThat(api().balanceOf(user)).isEqualTo(1_000);
        api().ledger(user)
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.entries.length()")
                .isEqualTo(1);
    }

    @Test
    void aKeyLongerThan64CharactersIs400() {
        long user = newUser();

        deposit(user, "k".repeat(65), 100)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
        assertThat(api().balanceOf(user)).isZero();
    }

    @Test
    void aRefusedRequestDoesNotSpendItsKey() {
        long user = newUser();
        deposit(user, "key-6", 0).expectStatus().isBadRequest();

        deposit(user, "key-6", 100).expectStatus().isOk();
        assertThat(api().balanceOf(user)).isEqualTo(100);
    }

    @Test
    void aRepeatedSendAnswersTheFirstAnswerByteForByte() {
        long sender = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();

        EntityExchangeResult<String> first = send(sender, "send-key", 3_000)
                .expectStatus()
                .isCreated()
                .expectBody(String.class)
                .returnResult();
        EntityExchangeResult<String> repeat = send(sender, "send-key", 3_000)
                .expectStatus()
                .isCreated()
                .expectBody(String.class)
                .returnResult();

        assertThat(repeat.getResponseBody()).isEqualTo(first.getResponseBody());
        assertThat(repeat.getResponseHeaders().getContentType())
                .isEqualTo(first.getResponseHeaders().getContentType())
                .isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(api().balanceOf(sender)).isEqualTo(7_000);
    }

    @Test
    void aSendRefusedForLackOfMoneyDoesNotSpendItsKey() {
        long sender = newUser();

        send(sender, "poor-key", 3_000)
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("INSUFFICIENT_FUNDS");
        api().deposit(sender, 3_000).expectStatus().isOk();

        send(sender, "poor-key", 3_000).expectStatus().isCreated();
        assertThat(api().balanceOf(sender)).isZero();
    }

    private WebTestClient.ResponseSpec send(long sender, String key, long total) {
        return http.post()
                .uri("/api/v1/packets")
                .headers(h -> {
                    h.setBearerAuth(tokenFor(sender));
                    h.set(IdempotencyKey.HEADER, key);
                })
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("totalAmount", total, "count", 3, "type", "EQUAL"))
                .exchange();
    }

    private WebTestClient.ResponseSpec deposit(long user, String key, long amount) {
        return http.post()
                .uri("/api/v1/admin/accounts/" + user + "/deposits")
                .headers(h -> {
                    h.setBearerAuth(api().adminToken());
                    h.set(IdempotencyKey.HEADER, key);
                })
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("amount", amount))
                .exchange();
    }

    private static String get(Future<String> future) {
        try {
            return future.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
