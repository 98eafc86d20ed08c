package io.hongbao.platform.security;

import com.auth0.jwt.exceptions.JWTVerificationException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import reactor.core.publisher.Mono;

/**
 * Turns a bearer token into a {@link CallerAuthentication}, or refuses it with the same {@code invalid_token} error
 * Spring's JWT authentication manager raises, which the resource server's entry point answers with 401. The service's
 * own HS256 tokens are CPU work of microseconds (less on a cache hit) and are checked on the calling event loop; a
 * provider's token not in the cache is checked on the parallel scheduler (an ES256 signature takes a millisecond or
 * more), and one whose key or subject is not known yet waits for a fetch, made off the event loop (ADR 0097).
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
        String token = bearer.getToken();
        return tokens.verify(token)
                .<Authentication>map(verified -> CallerAuthentication.of(verified, token))
                .onErrorMap(
                        e -> e instanceof JWTVerificationException || e instanceof IllegalArgumentException,
                        e -> new InvalidBearerTokenException(e.getMessage(), e));
    }
}
