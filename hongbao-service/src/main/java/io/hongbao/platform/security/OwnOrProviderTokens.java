package io.hongbao.platform.security;

import com.auth0.jwt.JWT;
import com.auth0.jwt.exceptions.JWTDecodeException;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * With an OpenID Connect provider configured (ADR 0097): a token signed HS256 is the service's own, checked with its
 * secret as always (the {@code token} command, the grab path's warm-up, the load tool); any other is the provider's to
 * judge, which takes RS256 and ES256 from its own keys only. So an HS256 token signed with a guessed key meets the
 * service's secret and is refused, and a provider token can never be checked against the secret.
 */
final class OwnOrProviderTokens implements Function<String, Mono<VerifiedToken>> {

    private static final String OWN = "HS256";

    private final Function<String, Mono<VerifiedToken>> own;
    private final ProviderTokens provider;

    OwnOrProviderTokens(Function<String, Mono<VerifiedToken>> own, ProviderTokens provider) {
        this.own = own;
        this.provider = provider;
    }

    @Override
    public Mono<VerifiedToken> apply(String token) {
        String algorithm;
        try {
            algorithm = JWT.decode(token).getAlgorithm();
        } catch (JWTDecodeException e) {
            return Mono.error(e);
        } catch (RuntimeException e) {
            // java-jwt throws NullPointerException for a header that is JSON null: refused like any malformed token
            // (401), not a server error.
            return Mono.error(new JWTDecodeException("the token's header is not a JSON object", e));
        }
        return OWN.equals(algorithm) ? own.apply(token) : provider.verify(token);
    }
}
