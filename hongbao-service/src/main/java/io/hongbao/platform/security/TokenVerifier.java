package io.hongbao.platform.security;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.Claim;
import com.auth0.jwt.interfaces.DecodedJWT;
import java.time.Clock;
import java.util.List;

/**
 * Verifies HS256 tokens with auth0's java-jwt: signature, {@code exp} required and in the future (no leeway),
 * {@code sub} a positive decimal user id; {@code roles: ["admin"]} makes the caller an admin. Nimbus (Spring's
 * default) refuses secrets under 256 bits, which the contract does not forbid, hence java-jwt (ADR 0003).
 */
final class TokenVerifier {

    static final String ROLES = "roles";

    private final JWTVerifier verifier;

    TokenVerifier(JwtSecret secret, Clock clock) {
        this.verifier = ((JWTVerifier.BaseVerification) JWT.require(Algorithm.HMAC256(secret.bytes()))
                        .withClaimPresence("exp")
                        .withClaimPresence("sub")
                        .acceptLeeway(0))
                .build(clock);
    }

    /**
     * @throws JWTVerificationException for a bad signature, an expired token or a missing claim
     * @throws IllegalArgumentException when {@code sub} is not a positive user id
     */
    VerifiedToken verify(String token) {
        DecodedJWT jwt = verifier.verify(token);
        Caller caller = new Caller(Long.parseLong(jwt.getSubject()), isAdmin(jwt.getClaim(ROLES)));
        return new VerifiedToken(caller, jwt.getExpiresAtAsInstant());
    }

    private static boolean isAdmin(Claim roles) {
        if (roles.isMissing() || roles.isNull()) {
            return false;
        }
        List<String> list = roles.asList(String.class);
        return list != null && list.contains("admin");
    }
}
