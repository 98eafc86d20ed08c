package io.hongbao.bench.http.load;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Bearer tokens for a million grabbers or more, signed when a request needs one instead of kept: a kept token is about
 * 200 bytes, so a million of them would be a few hundred MB of the load generator's heap, and issuing them through
 * java-jwt takes seconds of its CPU before the first request. A token here is exactly the text {@link TokenIssuer}
 * issues for the same user and expiry (a unit test holds them equal), built from one token the issuer signed: its
 * header and its payload with the subject cut out, so a token is one short string join, one Base64 encoding and one
 * HMAC-SHA256 (about a microsecond or two) and this object holds nothing per user.
 */
public final class SignedTokens implements GrabberTokens {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder BASE64URL_DECODER = Base64.getUrlDecoder();
    private static final long PROBE_USER = 424_242_424_242L;

    private final String header;
    private final String payloadBeforeSubject;
    private final String payloadAfterSubject;
    /** A Mac is not thread-safe: one per calling thread (the client's few event loops). */
    private final ThreadLocal<Mac> macs;

    public SignedTokens(JwtSecret secret, Instant expiresAt) {
        String probe = new TokenIssuer(secret).issue(PROBE_USER, false, expiresAt);
        String[] parts = probe.split("\\.");
        this.header = parts[0];
        String payload = new String(BASE64URL_DECODER.decode(parts[1]), StandardCharsets.UTF_8);
        String subject = "\"sub\":\"" + PROBE_USER + "\"";
        int at = payload.indexOf(subject);
        if (at < 0 || payload.indexOf(subject, at + 1) >= 0) {
            throw new IllegalStateException("the issuer's payload does not name its subject once: " + payload);
        }
        this.payloadBeforeSubject = payload.substring(0, at) + "\"sub\":\"";
        this.payloadAfterSubject = payload.substring(at + subject.length() - 1);
        SecretKeySpec key = new SecretKeySpec(secret.bytes(), "HmacSHA256");
        this.macs = ThreadLocal.withInitial(() -> mac(key));
        if (!token(PROBE_USER).equals(probe)) {
            throw new IllegalStateException("tokens signed here would differ from the issuer's");
        }
    }

    /** The token {@link TokenIssuer#issue(long, boolean, Instant)} gives {@code userId}, not an admin. */
    String token(long userId) {
        String payload = payloadBeforeSubject + userId + payloadAfterSubject;
        String signed = header + "." + BASE64URL.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        byte[] signature = macs.get().doFinal(signed.getBytes(StandardCharsets.US_ASCII));
        return signed + "." + BASE64URL.encodeToString(signature);
    }

    @Override
    public String bearer(long userId) {
        return "Bearer " + token(userId);
    }

    private static Mac mac(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
