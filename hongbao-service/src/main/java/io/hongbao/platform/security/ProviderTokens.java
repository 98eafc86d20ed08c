package io.hongbao.platform.security;

import reactor.core.publisher.Mono;

/**
 * Tokens of an OpenID Connect provider, accepted beside the service's own HS256 ones when an issuer is configured
 * (ADR 0097). Implemented in {@code provider/}; this side knows only the answer.
 */
public interface ProviderTokens {

    /**
     * The token's caller, at once when the key is known and the subject needs no lookup (CPU work only, fine on an event
     * loop), else once the keys or the subject's user id are fetched off the event loop. Fails with an
     * {@link org.springframework.security.oauth2.server.resource.InvalidBearerTokenException} for a token that is not
     * good.
     */
    Mono<VerifiedToken> verify(String token);
}
