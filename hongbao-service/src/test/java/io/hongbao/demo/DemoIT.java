package io.hongbao.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** docs/api.md, Demo sign-in, while it is on (the tests' configuration turns it on; {@link DemoOffIT}: off). */
class DemoIT extends IntegrationTest {

    @Test
    void saysItIsOn() {
        http.get().uri("/demo").exchange().expectStatus().isOk().expectBody().json("{\"enabled\": true}", true);
    }

    @Test
    void signsAUserInWithATokenTheApiAcceptsForTwelveHours() {
        long user = newUser();

        DemoToken answer = token("{\"userId\": " + user + "}")
                .expectStatus()
                .isOk()
                .expectBody(DemoToken.class)
                .returnResult()
                .getResponseBody();

        assertThat(answer.userId()).isEqualTo(user);
        assertThat(answer.admin()).isFalse();
        assertThat(Duration.between(Instant.now(), answer.expiresAt()))
                .isBetween(Duration.ofHours(12).minusMinutes(1), Duration.ofHours(12));
        http.get()
                .uri("/api/v1/me/account")
                .headers(h -> h.setBearerAuth(answer.token()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.userId")
                .isEqualTo(user);
        http.get()
                .uri("/api/v1/admin/audit")
                .headers(h -> h.setBearerAuth(answer.token()))
                .exchange()
                .expectStatus()
                .isForbidden();
    }

    @Test
    void anAdminTokenOpensTheAdminEndpoints() {
        long user = newUser();

        DemoToken answer = token("{\"userId\": " + user + ", \"admin\": true}")
                .expectStatus()
                .isOk()
                .expectBody(DemoToken.class)
                .returnResult()
                .getResponseBody();

        assertThat(answer.admin()).isTrue();
        http.post()
                .uri("/api/v1/admin/accounts/{user}/deposits", user)
                .headers(h -> h.setBearerAuth(answer.token()))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("amount", 100))
                .exchange()
                .expectStatus()
                .is2xxSuccessful();
    }

    @Test
    void refusesABadBodyAsTheApiDoes() {
        for (String body : new String[] {
            "{}",
            "{\"userId\": 0}",
            "{\"userId\": -4}",
            "{\"userId\": 1.5}",
            "{\"userId\": \"7\"}",
            "{\"userId\": 18446744073709551616}",
            "{\"userId\": 7, \"admin\": \"yes\"}",
            "{\"userId\": 7, \"admin\": 1}",
            "{\"userId\": 7, \"role\": \"admin\"}",
            "{\"userId\": 7} x",
            "{\"userId\": 7, \"admin\": false, \"admin\": true}", // a key twice: never the last one wins
            "{\"userId\": 7, \"userId\": 1}",
            "[7]",
            "{\"userId\":"
        }) {
            token(body)
                    .expectStatus()
                    .isBadRequest()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("VALIDATION_FAILED");
        }
        http.post()
                .uri("/demo/token")
                .contentType(MediaType.TEXT_PLAIN)
                .bodyValue("{\"userId\": 7}")
                .exchange()
                .expectStatus()
                .isEqualTo(415)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec token(String body) {
        return http.post()
                .uri("/demo/token")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    record DemoToken(String token, long userId, boolean admin, Instant expiresAt) {}
}
