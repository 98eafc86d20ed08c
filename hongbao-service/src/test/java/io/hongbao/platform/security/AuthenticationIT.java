package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import io.hongbao.support.IntegrationTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;

/**
 * docs/api.md, Authentication: 401 UNAUTHENTICATED for a missing or bad token, 403 FORBIDDEN without the admin role.
 */
class AuthenticationIT extends IntegrationTest {

    @Autowired
    JwtSecret secret;

    @Test
    void rejectsACallWithoutAToken() {
        http.get()
                .uri("/api/v1/me/account")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void rejectsATokenSignedWithAnotherSecret() {
        String forged = new TokenIssuer(
                        new JwtSecret("not-the-secret-of-this-service-at-all".getBytes(StandardCharsets.UTF_8)))
                .issue(newUser(), true, Duration.ofHours(1));

        expectUnauthenticated(forged);
    }

    @Test
    void rejectsAnExpiredToken() {
        expectUnauthenticated(tokens.issue(newUser(), false, Duration.ofSeconds(-5)));
    }

    @Test
    void rejectsATokenWithoutExpiry() {
        String noExp = JWT.create().withSubject(Long.toString(newUser())).sign(Algorithm.HMAC256(secret.bytes()));

        expectUnauthenticated(noExp);
    }

    @Test
    void rejectsATokenWhoseSubjectIsNotAUserId() {
        for (String subject : List.of("alice", "0", "-4", "1.5", "9007199254740992", "9223372036854775807")) {
            String token = JWT.create()
                    .withSubject(subject)
                    .withExpiresAt(Instant.now().plusSeconds(60))
                    .sign(Algorithm.HMAC256(secret.bytes()));
            expectUnauthenticated(token);
        }
    }

    @Test
    void rejectsATokenSignedWithNone() {
        String unsigned = JWT.create()
                .withSubject(Long.toString(newUser()))
                .withExpiresAt(Instant.now().plusSeconds(60))
                .sign(Algorithm.none());

        expectUnauthenticated(unsigned);
    }

    @Test
    void rejectsGarbageInTheAuthorizationHeader() {
        http.get()
                .uri("/api/v1/me/account")
                .header(HttpHeaders.AUTHORIZATION, "Bearer not.a.jwt")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
        http.get()
                .uri("/api/v1/me/account")
                .header(HttpHeaders.AUTHORIZATION, "Basic dXNlcjpwdw==")
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void rejectsAnAdminCallWithoutTheAdminRoleAndChangesNothing() {
        long user = newUser();

        api().postAs(user, "/api/v1/admin/accounts/" + user + "/deposits", java.util.Map.of("amount", 100))
                .expectStatus()
                .isForbidden()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");

        assertThat(api().balanceOf(user)).isZero();
    }

    @Test
    void rejectsAnAdminCallWithABadTokenAndChangesNothing() {
        long user = newUser();

        http.post()
                .uri("/api/v1/admin/accounts/" + user + "/deposits")
                .headers(h -> h.setBearerAuth(tokens.issue(1, true, Duration.ofSeconds(-1))))
                .bodyValue(java.util.Map.of("amount", 100))
                .exchange()
                .expectStatus()
                .isUnauthorized();

        assertThat(api().balanceOf(user)).isZero();
    }

    @Test
    void healthAndMetricsNeedNoToken() {
        http.get()
                .uri("/actuator/health")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.status")
                .isEqualTo("UP");
        http.get().uri("/actuator/prometheus").exchange().expectStatus().isOk();
    }

    @Test
    void everyAnswerCarriesTheUsualSecurityHeaders() {
        for (var answer : java.util.List.of(
                http.get().uri("/api/v1/me/account").exchange(),
                http.get()
                        .uri("/api/v1/me/account")
                        .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                        .exchange())) {
            answer.expectHeader()
                    .valueEquals(HttpHeaders.CACHE_CONTROL, "no-cache, no-store, max-age=0, must-revalidate")
                    .expectHeader()
                    .valueEquals(HttpHeaders.PRAGMA, "no-cache")
                    .expectHeader()
                    .valueEquals(HttpHeaders.EXPIRES, "0")
                    .expectHeader()
                    .valueEquals("X-Content-Type-Options", "nosniff")
                    .expectHeader()
                    .valueEquals("X-Frame-Options", "DENY")
                    .expectHeader()
                    .valueEquals("X-XSS-Protection", "0")
                    .expectHeader()
                    .valueEquals("Referrer-Policy", "no-referrer")
                    .expectHeader()
                    .doesNotExist("Strict-Transport-Security");
        }
    }

    private void expectUnauthenticated(String token) {
        http.get()
                .uri("/api/v1/me/account")
                .headers(h -> h.setBearerAuth(token))
                .exchange()
                .expectStatus()
                .isUnauthorized()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNAUTHENTICATED");
    }
}
