package io.hongbao.bench.http.issuer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.hongbao.bench.http.load.ProviderSignedTokens;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bench's issuer and its tokens, checked the way the service checks a provider's (ADR 0097): discovery over HTTP,
 * the key set it names, Nimbus' processor with the issuer, the audience, {@code exp} and {@code sub} required.
 */
class LoopbackIssuerTest {

    private static final String AUDIENCE = "hongbao";
    private static final Instant EXPIRY = Instant.parse("2099-01-01T00:00:00Z");
    private static final long FIRST_USER = 1_000_001;

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "es256"})
    void aTokenItSignsVerifiesAgainstTheKeysItServesWithTheClaimsTheServiceRequires(String algorithm) throws Exception {
        IssuerKey key = IssuerKey.generate(algorithm);
        try (LoopbackIssuer issuer = LoopbackIssuer.start(key)) {
            Map<String, Object> discovery =
                    JSONObjectUtils.parse(get(issuer.issuer() + "/.well-known/openid-configuration"));
            assertThat(discovery).containsEntry("issuer", issuer.issuer());
            assertThat(issuer.issuer()).startsWith("http://127.0.0.1:");
            ProviderSignedTokens tokens = new ProviderSignedTokens(key, issuer.issuer(), AUDIENCE, EXPIRY);
            tokens.prepare("test", FIRST_USER, 20);
            DefaultJWTProcessor<SecurityContext> processor =
                    processorFor(issuer.issuer(), (String) discovery.get("jwks_uri"));

            String bearer = tokens.bearer(FIRST_USER + 7);
            assertThat(bearer).startsWith("Bearer ");
            SignedJWT jwt = SignedJWT.parse(bearer.substring("Bearer ".length()));
            assertThat(jwt.getHeader().getAlgorithm()).isEqualTo(key.algorithm());
            assertThat(jwt.getHeader().getKeyID()).isEqualTo(key.keyId());
            JWTClaimsSet claims = processor.process(jwt, null);
            assertThat(claims.getSubject()).isEqualTo(String.valueOf(FIRST_USER + 7));
            assertThat(claims.getAudience()).containsExactly(AUDIENCE);
            assertThat(claims.getExpirationTime().toInstant()).isEqualTo(EXPIRY);
            assertThat(processor
                            .process(tokens.signedNow(FIRST_USER + 25), null)
                            .getSubject())
                    .isEqualTo(String.valueOf(FIRST_USER + 25));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS256", "ES256"})
    void aUsersTokenIsTheSameTextEveryTimeSoTheServicesCacheCanFindIt(String algorithm) {
        IssuerKey key = IssuerKey.generate(algorithm);
        ProviderSignedTokens tokens = new ProviderSignedTokens(key, "http://127.0.0.1:1", AUDIENCE, EXPIRY);
        tokens.prepare("test", FIRST_USER, 3);
        assertThat(tokens.bearer(FIRST_USER + 2)).isEqualTo(tokens.bearer(FIRST_USER + 2));
        assertThat(tokens.bearer(FIRST_USER)).isNotEqualTo(tokens.bearer(FIRST_USER + 1));
        assertThatThrownBy(() -> tokens.bearer(FIRST_USER + 3)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> tokens.bearer(FIRST_USER - 1)).isInstanceOf(IllegalStateException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"HS256", "RS512", "none"})
    void signsOnlyWhatTheServiceTakesFromAProvider(String algorithm) {
        assertThatThrownBy(() -> IssuerKey.generate(algorithm)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTokenForAnotherAudienceIsRefused() throws Exception {
        IssuerKey key = IssuerKey.generate("RS256");
        try (LoopbackIssuer issuer = LoopbackIssuer.start(key)) {
            ProviderSignedTokens other = new ProviderSignedTokens(key, issuer.issuer(), "another-service", EXPIRY);
            DefaultJWTProcessor<SecurityContext> processor =
                    processorFor(issuer.issuer(), issuer.issuer() + LoopbackIssuer.KEYS);
            assertThatThrownBy(() -> processor.process(other.signedNow(FIRST_USER), null))
                    .isInstanceOf(BadJOSEException.class);
        }
    }

    /** The service's rules (its ProviderTokenVerifier), with Nimbus fetching the key set over HTTP. */
    private static DefaultJWTProcessor<SecurityContext> processorFor(String issuer, String jwksUri) throws Exception {
        DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(
                Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256),
                JWKSourceBuilder.create(URI.create(jwksUri).toURL()).build()));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(
                AUDIENCE, new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("exp", "sub")));
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT));
        return processor;
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}
