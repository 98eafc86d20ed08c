package io.hongbao.platform.security.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.security.OidcSettings;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import reactor.core.publisher.Mono;

/**
 * What the provider's verifier refuses before any key is needed, and a provider that cannot be reached: its tokens are
 * refused at once, nothing waits for it, and nothing throws at start. (Tokens the provider signed: ProviderTokensIT,
 * against a real Keycloak.)
 */
class ProviderTokenVerifierTest {

    private static final String PAYLOAD =
            base64("{\"iss\":\"x\",\"aud\":\"hongbao-api\",\"sub\":\"7\",\"exp\":4102444800}");

    private final OidcSettings settings = new OidcSettings(
            "http://127.0.0.1:" + closedPort() + "/realms/hongbao",
            "hongbao-api",
            "",
            "",
            "user-ids",
            "sub",
            "roles",
            "admin",
            Duration.ofSeconds(30),
            Duration.ofMinutes(5),
            Duration.ofSeconds(10));
    private final ProviderKeys keys = new ProviderKeys(settings, 500);
    private final ProviderTokenVerifier verifier = new ProviderTokenVerifier(
            settings, keys, subject -> Mono.error(new AssertionError("no subject is mapped here")));

    @AfterEach
    void stop() {
        keys.close();
    }

    @Test
    void aProviderThatCannotBeReachedLeavesItsTokensRefusedAndNothingWaiting() {
        keys.start();
        String token = base64("{\"alg\":\"RS256\",\"kid\":\"k1\"}") + "." + PAYLOAD + "." + base64("signature");

        long start = System.nanoTime();
        assertThatThrownBy(() -> verifier.verify(token).block(Duration.ofSeconds(5)))
                .isInstanceOf(InvalidBearerTokenException.class);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
        assertThat(keys.metadata()).isEmpty();
        assertThat(keys.known().getKeys()).isEmpty();
    }

    @Test
    void unsignedHmacAndOtherAlgorithmsAreRefusedWithoutAKey() {
        for (String header : new String[] {
            "{\"alg\":\"none\"}", "{\"alg\":\"HS256\"}", "{\"alg\":\"RS512\",\"kid\":\"k1\"}", "{\"alg\":\"PS256\"}"
        }) {
            String token = base64(header) + "." + PAYLOAD + "." + base64("signature");
            assertThatThrownBy(() -> verifier.verify(token).block(Duration.ofSeconds(5)))
                    .as(header)
                    .isInstanceOf(InvalidBearerTokenException.class);
        }
        assertThatThrownBy(() -> verifier.verify("not.a.jwt").block(Duration.ofSeconds(5)))
                .isInstanceOf(InvalidBearerTokenException.class);
    }

    private static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
