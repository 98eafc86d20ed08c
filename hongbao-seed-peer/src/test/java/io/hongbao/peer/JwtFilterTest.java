package io.hongbao.peer;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JwtFilterTest {

    private static final byte[] SECRET = "short-secret".getBytes(StandardCharsets.UTF_8);
    private final JwtFilter filter = new JwtFilter(SECRET);

    @Test
    void acceptsAValidTokenAndAnswersItsSubject() {
        assertThat(filter.userIdOf("Bearer " + token("7", Instant.now().plusSeconds(60), SECRET)))
                .isEqualTo(7);
    }

    @Test
    void refusesExpiredForeignAndMalformedTokens() {
        assertThat(filter.userIdOf("Bearer " + token("7", Instant.now().minusSeconds(1), SECRET)))
                .isZero();
        assertThat(filter.userIdOf("Bearer " + token("7", Instant.now().plusSeconds(60), "other".getBytes())))
                .isZero();
        assertThat(filter.userIdOf("Bearer " + token("-3", Instant.now().plusSeconds(60), SECRET)))
                .isZero();
        assertThat(filter.userIdOf("Bearer " + token("x", Instant.now().plusSeconds(60), SECRET)))
                .isZero();
        assertThat(filter.userIdOf("Bearer garbage")).isZero();
        assertThat(filter.userIdOf(null)).isZero();
    }

    @Test
    void refusesATokenWithoutExpiry() {
        String noExp = JWT.create().withSubject("7").sign(Algorithm.HMAC256(SECRET));
        assertThat(filter.userIdOf("Bearer " + noExp)).isZero();
    }

    private static String token(String subject, Instant expiresAt, byte[] secret) {
        return JWT.create().withSubject(subject).withExpiresAt(expiresAt).sign(Algorithm.HMAC256(secret));
    }
}
