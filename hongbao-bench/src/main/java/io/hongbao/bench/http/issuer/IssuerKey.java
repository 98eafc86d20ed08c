package io.hongbao.bench.http.issuer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import java.util.List;
import java.util.Locale;

/**
 * The signing key of the bench's own OpenID Connect issuer, generated at start: RS256 on a 2048-bit RSA key (what
 * Keycloak signs with by default) or ES256 on P-256, the two algorithms the service takes from a provider (ADR 0097).
 * Nimbus makes the key and the signatures, as the service's Nimbus checks them.
 */
public final class IssuerKey {

    /** The algorithms {@code bench http --also-provider-tokens} takes, as the service accepts them. */
    public static final List<String> ALGORITHMS = List.of("RS256", "ES256");

    private final JWSAlgorithm algorithm;
    private final JWK key;
    private final JWSSigner signer;

    private IssuerKey(JWSAlgorithm algorithm, JWK key, JWSSigner signer) {
        this.algorithm = algorithm;
        this.key = key;
        this.signer = signer;
    }

    /** @param algorithm RS256 or ES256, in any case */
    public static IssuerKey generate(String algorithm) {
        String name = algorithm.toUpperCase(Locale.ROOT);
        String keyId = "bench-" + name.toLowerCase(Locale.ROOT);
        try {
            if (name.equals("RS256")) {
                RSAKey rsa = new RSAKeyGenerator(2048)
                        .keyID(keyId)
                        .algorithm(JWSAlgorithm.RS256)
                        .keyUse(KeyUse.SIGNATURE)
                        .generate();
                return new IssuerKey(JWSAlgorithm.RS256, rsa, new RSASSASigner(rsa));
            }
            if (name.equals("ES256")) {
                ECKey ec = new ECKeyGenerator(Curve.P_256)
                        .keyID(keyId)
                        .algorithm(JWSAlgorithm.ES256)
                        .keyUse(KeyUse.SIGNATURE)
                        .generate();
                return new IssuerKey(JWSAlgorithm.ES256, ec, new ECDSASigner(ec));
            }
        } catch (JOSEException e) {
            throw new IllegalStateException("no " + name + " key: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException(
                "the issuer signs " + String.join(" or ", ALGORITHMS) + ", not " + algorithm);
    }

    public JWSAlgorithm algorithm() {
        return algorithm;
    }

    public String keyId() {
        return key.getKeyID();
    }

    /** What the issuer publishes: the public half only. */
    public JWKSet publicKeys() {
        return new JWKSet(key.toPublicJWK());
    }

    /** The header every token of this key carries: the algorithm, the key's id, {@code typ: JWT}. */
    public JWSHeader header() {
        return new JWSHeader.Builder(algorithm)
                .keyID(keyId())
                .type(JOSEObjectType.JWT)
                .build();
    }

    /**
     * The JWS signature of {@code signingInput} (header and payload, Base64url, joined by a dot), as raw bytes: 256
     * for RS256, 64 for ES256 (R and S, not DER). Safe from several threads: Nimbus takes a new JCA signature per call.
     */
    public byte[] sign(byte[] signingInput) {
        try {
            return signer.sign(header(), signingInput).decode();
        } catch (JOSEException e) {
            throw new IllegalStateException("signing failed: " + e.getMessage(), e);
        }
    }
}
