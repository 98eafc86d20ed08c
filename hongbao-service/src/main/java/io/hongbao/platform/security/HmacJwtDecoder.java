package io.hongbao.platform.security;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.DecodedJWT;
import java.time.Instant;
import java.util.List;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import reactor.core.publisher.Mono;

/**
 * Verifies HS256 tokens with auth0's java-jwt: signature, {@code exp} required and in the future (no leeway),
 * {@code sub} a positive decimal user id. Nimbus (Spring's default) refuses secrets under 256 bits, which the contract
 * does not forbid, hence this decoder (ADR 0003). Verification is synchronous CPU work of a few microseconds, so it
 * runs on the calling event loop.
 */
final class HmacJwtDecoder implements ReactiveJwtDecoder {

    static final String ROLES = "roles";

    private final JWTVerifier verifier;

    HmacJwtDecoder(JwtSecret secret) {
        this.verifier = JWT.require(Algorithm.HMAC256(secret.bytes()))
                .withClaimPresence("exp")
                .withClaimPresence("sub")
                .acceptLeeway(0)
                .build();
    }

    @Override
    public Mono<Jwt> decode(String token) throws JwtException {
        try {
            return Mono.just(toSpringJwt(verifier.verify(token)));
        } catch (JWTVerificationException | IllegalArgumentException e) {
            return Mono.error(new BadJwtException(e.getMessage(), e));
        }
    }

    private static Jwt toSpringJwt(DecodedJWT jwt) {
        long userId = Long.parseLong(jwt.getSubject());
        if (userId <= 0) {
            throw new IllegalArgumentException("sub must be a positive user id");
        }
        List<String> roles =
                jwt.getClaim(ROLES).isMissing() || jwt.getClaim(ROLES).isNull()
                        ? List.of()
                        : jwt.getClaim(ROLES).asList(String.class);
        Instant expiresAt = jwt.getExpiresAtAsInstant();
        return Jwt.withTokenValue(jwt.getToken())
                .header("alg", jwt.getAlgorithm())
                .subject(jwt.getSubject())
                .expiresAt(expiresAt)
                .claim(ROLES, roles == null ? List.of() : roles)
                .build();
    }
}
