package io.hongbao.platform.security;

import com.auth0.jwt.exceptions.JWTVerificationException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import reactor.core.publisher.Mono;

/**
 * Turns a bearer token into a {@link CallerAuthentication}, or refuses it with the same {@code invalid_token} error
 * Spring's JWT authentication manager raises, which the resource server's entry point answers with 401. Verification
 * is synchronous CPU work of microseconds (less on a cache hit), so it runs on the calling event loop.
 */
final class CallerAuthenticationManager implements ReactiveAuthenticationManager {

    private final VerifiedTokens tokens;

    CallerAuthenticationManager(VerifiedTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public Mono<Authentication> authenticate(Authentication authentication) {
        if (!(authentication instanceof BearerTokenAuthenticationToken bearer)) {
            return Mono.empty();
        }
        try {
            return Mono.just(CallerAuthentication.of(tokens.verify(bearer.getToken()), bearer.getToken()));
        } catch (JWTVerificationException | IllegalArgumentException e) {
            return Mono.error(new InvalidBearerTokenException(e.getMessage(), e));
        }
    }
}
