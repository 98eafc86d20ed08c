package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.exceptions.JWTDecodeException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class OwnOrProviderTokensTest {

    private final AtomicInteger ownCalls = new AtomicInteger();

    /** The provider is never reached by the tokens here: null stands for it. */
    private final OwnOrProviderTokens tokens = new OwnOrProviderTokens(
            token -> {
                ownCalls.incrementAndGet();
                return Mono.empty();
            },
            null);

    @Test
    void aTokenWhoseHeaderIsJsonNullIsRefusedAsMalformedNotAServerError() {
        String token = part("null") + "." + part("{\"sub\":\"7\"}") + "." + part("sig");

        AtomicReference<Throwable> failure = new AtomicReference<>();
        tokens.apply(token).doOnError(failure::set).onErrorComplete().block();

        // 401 through CallerAuthenticationManager; a NullPointerException became a 500
        assertThat(failure.get()).isInstanceOf(JWTDecodeException.class);
        assertThat(ownCalls).hasValue(0);
    }

    @Test
    void anHs256TokenGoesToTheServicesOwnVerifier() {
        String token = part("{\"alg\":\"HS256\"}") + "." + part("{\"sub\":\"7\"}") + "." + part("sig");

        tokens.apply(token).block();

        assertThat(ownCalls).hasValue(1);
    }

    private static String part(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
