package io.hongbao.platform.security;

import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.AlgorithmMismatchException;
import com.auth0.jwt.exceptions.IncorrectClaimException;
import com.auth0.jwt.exceptions.JWTDecodeException;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.exceptions.MissingClaimException;
import com.auth0.jwt.exceptions.SignatureVerificationException;
import com.auth0.jwt.exceptions.TokenExpiredException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies HS256 tokens: signature, {@code exp} required and in the future (no leeway), {@code nbf} and {@code iat}
 * when given not in the future, {@code sub} a positive decimal user id; {@code roles: ["admin"]} makes the caller an
 * admin. It accepts and refuses what auth0's java-jwt 4.6.2 did with {@code JWT.require(HMAC256).withClaimPresence
 * ("exp").withClaimPresence("sub").acceptLeeway(0)} (ADR 0003), without a JSON tree, a claim map or a JCA look-up per
 * token (ADR 0100); {@code TokenVerifierTest} holds the two side by side. It refuses two things java-jwt did not refuse
 * as a bad token: {@code "exp": null} (java-jwt accepted it, with no expiry) and a header or payload of JSON
 * {@code null} (java-jwt threw a {@code NullPointerException}, for the header even before the signature). And it checks
 * the signature before it reads any JSON, where java-jwt read first: a token bad both ways is refused with another
 * {@link JWTVerificationException} than before, never accepted.
 *
 * <p>Nimbus (Spring's default) refuses secrets under 256 bits, which the contract does not forbid, hence no Nimbus
 * (ADR 0003). java-jwt stays for signing ({@link TokenIssuer}) and for its exception types, which callers map.
 */
final class TokenVerifier {

    static final String ROLES = "roles";

    private static final String HMAC_SHA256 = "HmacSHA256";
    private static final int SIGNATURE_BYTES = 32;
    /** A thread keeps buffers up to this size; a longer token (never one the service issues) gets its own. */
    private static final int KEPT_BUFFER_BYTES = 4096;

    private final Clock clock;
    /** For the messages of java-jwt's exceptions only. */
    private final Algorithm algorithm;
    /**
     * A {@link Mac} is not thread-safe, so each thread has its own, initialised once with the one key this verifier has
     * for life. {@code doFinal} leaves it reset, with the same key, for the next token, and {@link #signatureMatches}
     * runs {@code update}s and a {@code doFinal} with nothing between them that can throw, so no half-fed state
     * survives a call. The threads are the event loops' (a handful, living as long as the service), hence a few small
     * objects each, never a growing number.
     */
    private final ThreadLocal<Scratch> scratch;

    TokenVerifier(JwtSecret secret, Clock clock) {
        this.clock = clock;
        this.algorithm = Algorithm.HMAC256(secret.bytes());
        SecretKeySpec key = new SecretKeySpec(secret.bytes(), HMAC_SHA256);
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(key));
    }

    /**
     * @throws JWTVerificationException for a malformed token, a bad signature, another algorithm, an expired token, a
     *     {@code nbf} or {@code iat} in the future, or a missing claim
     * @throws IllegalArgumentException when {@code sub} is not a positive user id
     */
    VerifiedToken verify(String token) {
        if (token == null) {
            throw new JWTDecodeException("The token is null.");
        }
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        if (second < 0 || token.indexOf('.', second + 1) >= 0) {
            throw new JWTDecodeException("The token was expected to have 3 parts.");
        }
        Scratch s = scratch.get();
        byte[] header = s.buffer(0, Base64Url.maxDecodedLength(first));
        byte[] payload = s.buffer(1, Base64Url.maxDecodedLength(second - first - 1));
        int headerLength;
        int payloadLength;
        try {
            headerLength = Base64Url.decode(token, 0, first, header);
            payloadLength = Base64Url.decode(token, first + 1, second, payload);
        } catch (IllegalArgumentException e) {
            throw new JWTDecodeException("The input is not a valid base 64 encoded string.", e);
        }
        if (!signatureMatches(s, token, second)) {
            throw new SignatureVerificationException(algorithm);
        }
        TokenClaims claims = s.claims;
        claims.reset();
        claims.readHeader(header, headerLength);
        if (!claims.algorithmHs256) {
            throw new AlgorithmMismatchException(
                    "The provided Algorithm doesn't match the one defined in the JWT's Header.");
        }
        claims.readPayload(payload, payloadLength);
        Instant expiresAt = checkTimes(claims);
        long userId = subject(claims);
        if (claims.rolesUnmappable) {
            throw new JWTDecodeException("Couldn't map the Claim's array contents to String");
        }
        return new VerifiedToken(new Caller(userId, claims.admin), expiresAt);
    }

    /** The HMAC of the ASCII {@code header.payload} (both just decoded, so base64url) against the third part. */
    private static boolean signatureMatches(Scratch s, String token, int second) {
        byte[] signed = s.buffer(2, second);
        for (int i = 0; i < second; i++) {
            signed[i] = (byte) token.charAt(i);
        }
        byte[] given = s.buffer(3, Base64Url.maxDecodedLength(token.length() - second - 1));
        int givenLength;
        try {
            givenLength = Base64Url.decode(token, second + 1, token.length(), given);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (givenLength != SIGNATURE_BYTES) {
            return false;
        }
        System.arraycopy(given, 0, s.given, 0, SIGNATURE_BYTES);
        try {
            s.mac.update(signed, 0, second);
            s.mac.doFinal(s.expected, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 cannot write its 32 bytes", e);
        }
        return MessageDigest.isEqual(s.expected, s.given);
    }

    /** java-jwt's checks in its order: exp and sub present, exp after now, nbf and iat not after now (seconds). */
    private Instant checkTimes(TokenClaims claims) {
        if (!claims.expiresAt.present) {
            throw new MissingClaimException("exp");
        }
        if (!claims.subjectPresent) {
            throw new MissingClaimException("sub");
        }
        if (!claims.expiresAt.given()) {
            throw new MissingClaimException("exp");
        }
        Instant expiresAt = claims.expiresAt.instant();
        Instant notBefore = claims.notBefore.given() ? claims.notBefore.instant() : null;
        Instant issuedAt = claims.issuedAt.given() ? claims.issuedAt.instant() : null;
        // java-jwt compares with now truncated to the second: exp must be after it, nbf and iat not after it
        long now = Math.floorDiv(clock.millis(), 1000L);
        if (claims.expiresAt.value <= now) {
            throw new TokenExpiredException("The Token has expired on " + expiresAt + ".", expiresAt);
        }
        if (notBefore != null && claims.notBefore.value > now) {
            throw new IncorrectClaimException("The Token can't be used before " + notBefore + ".", "nbf", null);
        }
        if (issuedAt != null && claims.issuedAt.value > now) {
            throw new IncorrectClaimException("The Token can't be used before " + issuedAt + ".", "iat", null);
        }
        return expiresAt;
    }

    /** {@code Long.parseLong} of java-jwt's subject text; a {@link NumberFormatException} is the refusal. */
    private static long subject(TokenClaims claims) {
        return claims.subjectIsLong ? claims.subjectLong : Long.parseLong(claims.subjectText);
    }

    /** One thread's {@link Mac} and buffers. */
    private static final class Scratch {

        final Mac mac;
        final byte[] expected = new byte[SIGNATURE_BYTES];
        final byte[] given = new byte[SIGNATURE_BYTES];
        final TokenClaims claims = new TokenClaims();
        /** The decoded header, the decoded payload, the signed ASCII, the decoded signature. */
        private final byte[][] buffers = {new byte[256], new byte[512], new byte[1024], new byte[64]};

        Scratch(SecretKeySpec key) {
            try {
                mac = Mac.getInstance(HMAC_SHA256);
                mac.init(key);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("no HmacSHA256 in this JVM", e);
            }
        }

        byte[] buffer(int which, int size) {
            if (buffers[which].length >= size) {
                return buffers[which];
            }
            byte[] grown = new byte[size];
            if (size <= KEPT_BUFFER_BYTES) {
                buffers[which] = grown;
            }
            return grown;
        }
    }
}
