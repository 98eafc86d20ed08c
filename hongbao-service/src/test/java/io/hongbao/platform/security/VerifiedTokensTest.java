package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerifiedTokensTest {

    private static final JwtSecret SECRET =
            new JwtSecret("the-secret-of-this-service-32-bytes-at-least".getBytes(StandardCharsets.UTF_8));
    private static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");

    private final MovableClock clock = new MovableClock(T0);
    private final CountingVerifier counted = new CountingVerifier(new TokenVerifier(SECRET, clock));
    private final VerifiedTokens tokens = new VerifiedTokens(VerifiedTokens.atOnce(counted::verify), clock, 1_000);

    @Test
    void answersARepeatedTokenFromTheCacheWithTheSameCaller() {
        String token = token(SECRET, "7", T0.plusSeconds(60), List.of("admin"));

        VerifiedToken first = tokens.verify(token).block();
        VerifiedToken again = tokens.verify(token).block();

        assertThat(again).isEqualTo(first);
        assertThat(first.caller()).isEqualTo(new Caller(7, true));
        assertThat(counted.fullVerifications).isEqualTo(1);
    }

    @Test
    void refusesACachedTokenFromTheSecondItExpires() {
        String token = token(SECRET, "7", T0.plusSeconds(10), List.of());
        tokens.verify(token).block();

        clock.now = T0.plusSeconds(9);
        assertThat(tokens.verify(token).block().caller().userId()).isEqualTo(7);

        clock.now = T0.plusSeconds(10);
        int before = counted.fullVerifications;
        assertThatThrownBy(() -> tokens.verify(token).block()).isInstanceOf(JWTVerificationException.class);
        assertThat(counted.fullVerifications)
                .as("asked java-jwt, not the cache")
                .isEqualTo(before + 1);
        clock.now = T0.plusSeconds(11);
        assertThatThrownBy(() -> tokens.verify(token).block()).isInstanceOf(JWTVerificationException.class);
    }

    @Test
    void refusesATokenThatIsAlreadyExpired() {
        String expired = token(SECRET, "7", T0.minusSeconds(1), List.of());

        assertThatThrownBy(() -> tokens.verify(expired).block()).isInstanceOf(JWTVerificationException.class);
        assertThatThrownBy(() -> tokens.verify(expired).block()).isInstanceOf(JWTVerificationException.class);
        assertThat(tokens.size()).isZero();
    }

    @Test
    void refusesAForgedTokenForAUserWhoseRealTokenIsCached() {
        Instant exp = T0.plusSeconds(60);
        tokens.verify(token(SECRET, "7", exp, List.of())).block();
        JwtSecret other =
                new JwtSecret("not-the-secret-of-this-service-32-bytes-at-least".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(
                        () -> tokens.verify(token(other, "7", exp, List.of())).block())
                .isInstanceOf(JWTVerificationException.class);
        assertThatThrownBy(() ->
                        tokens.verify(token(other, "7", exp, List.of("admin"))).block())
                .isInstanceOf(JWTVerificationException.class);
    }

    @Test
    void refusesACachedTokenWithAnAlteredPayloadOrSignature() {
        String token = token(SECRET, "7", T0.plusSeconds(60), List.of());
        tokens.verify(token).block();
        String[] parts = token.split("\\.");
        String adminPayload =
                token(SECRET, "7", T0.plusSeconds(60), List.of("admin")).split("\\.")[1];
        char last = parts[2].charAt(parts[2].length() - 1);

        assertThatThrownBy(() -> tokens.verify(parts[0] + "." + adminPayload + "." + parts[2])
                        .block())
                .isInstanceOf(JWTVerificationException.class);
        assertThatThrownBy(() -> tokens.verify(token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A'))
                        .block())
                .isInstanceOf(JWTVerificationException.class);
    }

    @Test
    void refusesASubjectThatIsNotAPositiveUserId() {
        for (String subject : List.of("alice", "0", "-4", "1.5", "9007199254740992", "9223372036854775807")) {
            String token = token(SECRET, subject, T0.plusSeconds(60), List.of());
            assertThatThrownBy(() -> tokens.verify(token).block()).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(tokens.size()).isZero();
    }

    @Test
    void keepsNoMoreTokensThanItsBound() {
        VerifiedTokens small =
                new VerifiedTokens(VerifiedTokens.atOnce(new TokenVerifier(SECRET, clock)::verify), clock, 10);
        for (int user = 1; user <= 100; user++) {
            small.verify(token(SECRET, Integer.toString(user), T0.plusSeconds(60), List.of()))
                    .block();
        }

        assertThat(small.size()).isLessThanOrEqualTo(10);
    }

    @Test
    void countsCallsAnsweredFromTheCacheApartFromFullVerifications() {
        String seven = token(SECRET, "7", T0.plusSeconds(60), List.of());
        String eight = token(SECRET, "8", T0.plusSeconds(60), List.of());
        String forged = token(
                new JwtSecret("another-secret-of-at-least-32-bytes-long".getBytes(StandardCharsets.UTF_8)),
                "7",
                T0.plusSeconds(60),
                List.of());

        tokens.verify(seven).block();
        tokens.verify(seven).block();
        tokens.verify(seven).block();
        tokens.verify(eight).block();
        assertThatThrownBy(() -> tokens.verify(forged).block()).isInstanceOf(JWTVerificationException.class);

        assertThat(tokens.hits()).isEqualTo(2);
        assertThat(tokens.misses()).isEqualTo(3).isEqualTo(counted.fullVerifications);
    }

    @Test
    void verifiesEveryCallWhenTheCacheIsOff() {
        CountingVerifier uncached = new CountingVerifier(new TokenVerifier(SECRET, clock));
        VerifiedTokens off = new VerifiedTokens(VerifiedTokens.atOnce(uncached::verify), clock, 0);
        String token = token(SECRET, "7", T0.plusSeconds(60), List.of());

        off.verify(token).block();
        off.verify(token).block();

        assertThat(uncached.fullVerifications).isEqualTo(2);
        assertThat(off.hits()).isZero();
        assertThat(off.misses()).isEqualTo(2);
    }

    private static String token(JwtSecret secret, String subject, Instant expiresAt, List<String> roles) {
        return JWT.create()
                .withSubject(subject)
                .withExpiresAt(expiresAt)
                .withClaim(TokenVerifier.ROLES, roles)
                .sign(Algorithm.HMAC256(secret.bytes()));
    }

    /** A TokenVerifier that counts how often it had to do the full work. */
    private static final class CountingVerifier {
        final TokenVerifier real;
        int fullVerifications;

        CountingVerifier(TokenVerifier real) {
            this.real = real;
        }

        VerifiedToken verify(String token) {
            fullVerifications++;
            return real.verify(token);
        }
    }

    private static final class MovableClock extends Clock {
        Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
