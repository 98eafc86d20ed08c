package io.hongbao.platform.security;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Signs tokens the service accepts: for the {@code token} command, the demo sign-in, tests and the load tool. */
public final class TokenIssuer {

    private final Algorithm algorithm;

    public TokenIssuer(JwtSecret secret) {
        this.algorithm = Algorithm.HMAC256(secret.bytes());
    }

    public String issue(long userId, boolean admin, Duration validFor) {
        return issue(userId, admin, Instant.now().plus(validFor));
    }

    /** A token valid until {@code expiresAt}, which the token carries in whole seconds ({@code exp}), rounded down. */
    public String issue(long userId, boolean admin, Instant expiresAt) {
        return JWT.create()
                .withSubject(Long.toString(userId))
                .withExpiresAt(expiresAt)
                .withClaim(TokenVerifier.ROLES, admin ? List.of("admin") : List.of())
                .sign(algorithm);
    }
}
