package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.support.SecondInstance;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * docs/api.md, Authentication: tokens are signed with the secret configured as {@code HONGBAO_JWT_SECRET}. The service
 * runs in this JVM on embedded servers of its own; the secret is given under the variable's own name, which is what
 * application.yml's placeholder reads, as an operator's environment variable would be.
 */
class ConfiguredSecretIT {

    /** 40 bytes: HS256 needs at least 32 (RFC 7518 §3.2). */
    private static final String SECRET = "a-configured-secret-of-forty-bytes-long!";

    private static final JwtSecret OTHER =
            new JwtSecret("another-secret-also-long-enough-for-hs256".getBytes(StandardCharsets.UTF_8));

    /**
     * Also docs/api.md, change 21, on the same instance (a second one would cost a start of its own): bound to every
     * interface ({@code server.address=0.0.0.0}), embedded mode does not offer the demo sign-in, which hands out admin
     * tokens, with {@code hongbao.demo.enabled=auto} (the default; the tests' config says {@code true}).
     */
    @Test
    void tokensSignedWithTheConfiguredSecretAreAcceptedAndOthersAreNotAndOnEveryInterfaceTheDemoSignInIsOff() {
        JwtSecret configured = new JwtSecret(SECRET.getBytes(StandardCharsets.UTF_8));
        try (SecondInstance service = SecondInstance.startWithArguments(
                "configured-secret",
                "--HONGBAO_JWT_SECRET=" + SECRET,
                "--server.address=0.0.0.0",
                // The tests' config turns the demo on for the browser tests; here the default decides.
                "--hongbao.demo.enabled=auto")) {
            WebTestClient http = service.http();
            http.get()
                    .uri("/demo")
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody()
                    .json("{\"enabled\": false}", true);
            http.post()
                    .uri("/demo/token")
                    .header("Content-Type", "application/json")
                    .bodyValue("{\"userId\": 7}")
                    .exchange()
                    .expectStatus()
                    .isNotFound();
            TokenIssuer tokens = new TokenIssuer(configured);
            http.post()
                    .uri("/api/v1/admin/accounts/5/deposits")
                    .header("Authorization", "Bearer " + tokens.issue(1, true, Duration.ofMinutes(5)))
                    .header("Content-Type", "application/json")
                    .bodyValue("{\"amount\": 100}")
                    .exchange()
                    .expectStatus()
                    .isOk();
            http.get()
                    .uri("/api/v1/me/account")
                    .header("Authorization", "Bearer " + tokens.issue(5, false, Duration.ofMinutes(5)))
                    .exchange()
                    .expectStatus()
                    .isOk()
                    .expectBody(String.class)
                    .value(body -> assertThat(body).contains("\"balance\":100"));

            http.get()
                    .uri("/api/v1/me/account")
                    .header("Authorization", "Bearer " + new TokenIssuer(OTHER).issue(5, false, Duration.ofMinutes(5)))
                    .exchange()
                    .expectStatus()
                    .isUnauthorized()
                    .expectBody(String.class)
                    .value(body -> assertThat(body).contains("UNAUTHENTICATED"));
        }
    }

    @Test
    void aSecretShorterThan32BytesRefusesToStartAndSaysWhichSettingNeedsHowManyBytes() {
        assertThatThrownBy(() -> SecondInstance.startWithArguments("short-secret", "--HONGBAO_JWT_SECRET=short-secret")
                        .close())
                .rootCause()
                .hasMessageContaining("HONGBAO_JWT_SECRET")
                .hasMessageContaining("hongbao.security.jwt-secret")
                .hasMessageContaining("12 bytes")
                .hasMessageContaining("at least 32 bytes");
    }
}
