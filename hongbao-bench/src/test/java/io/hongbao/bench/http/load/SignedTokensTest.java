package io.hongbao.bench.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SignedTokensTest {

    private static final JwtSecret SECRET =
            new JwtSecret("the-bench-and-the-service-share-this-secret".getBytes(StandardCharsets.UTF_8));
    private static final Instant EXPIRY = Instant.parse("2099-01-01T00:00:00Z");

    private final SignedTokens tokens = new SignedTokens(SECRET, EXPIRY);

    @Test
    void aTokenIsExactlyTheOneTheServicesIssuerSignsForTheSameUserAndExpiry() {
        TokenIssuer issuer = new TokenIssuer(SECRET);
        for (long user : List.of(1L, 7L, 1_000_001L, 1_999_999L, 2_000_000L, 12_345_678_901L)) {
            assertThat(tokens.token(user)).isEqualTo(issuer.issue(user, false, EXPIRY));
        }
        assertThat(tokens.bearer(1_000_001L)).isEqualTo("Bearer " + issuer.issue(1_000_001L, false, EXPIRY));
    }

    @Test
    void theirSignatureVerifiesWithTheSecret() {
        DecodedJWT verified =
                JWT.require(Algorithm.HMAC256(SECRET.bytes())).build().verify(tokens.token(1_234_567L));
        assertThat(verified.getSubject()).isEqualTo("1234567");
        assertThat(verified.getExpiresAtAsInstant()).isEqualTo(EXPIRY);
    }

    @Test
    void aTokenCostsAFewHundredBytesOfGarbageAndNothingIsKept() {
        long allocated = WorkloadMemory.allocatedBy(() -> {
            for (long user = 1; user <= 100_000; user++) {
                tokens.bearer(user);
            }
        });
        assertThat(allocated / 100_000).as("bytes allocated per token").isLessThan(2_000);
    }
}
