package io.hongbao.bench.http.load;

import io.hongbao.bench.http.issuer.IssuerKey;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * An OpenID Connect provider's tokens for the grabbers ({@code bench http --also-provider-tokens}, ADR 0097): RS256 or
 * ES256 by the bench issuer's {@link IssuerKey}, {@code iss} the issuer, {@code aud} the service's audience,
 * {@code sub} the user id, {@code exp}, the key's {@code kid} in the header.
 *
 * <p>Signed once per user before the first run and kept, not signed per request as {@link SignedTokens} does: an HMAC
 * costs a microsecond, a signature with the private key about 1.5 ms (RSA 2048) or 0.6–1.4 ms (P-256) on JDK 17, so
 * 5,000 grabs/s would need several cores for the signing alone, taken from the service measured beside it. And an
 * ES256 signature is randomised: signed again, a user's token would be another text, which the service's
 * verified-token cache could never find. A provider's client keeps its access token too. Only the signatures are
 * kept, in one array (256 bytes a user for RS256, 64 for ES256); header and payload are rebuilt from the user id.
 */
public final class ProviderSignedTokens implements GrabberTokens {

    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final IssuerKey key;
    private final String header;
    private final String payloadBeforeSubject;
    private final String payloadAfterSubject;
    private final int signatureLength;

    private long firstUser;
    private int users;
    /** Every prepared user's signature, one after the other; written before the first run, then only read. */
    private volatile byte[] signatures;

    public ProviderSignedTokens(IssuerKey key, String issuer, String audience, Instant expiresAt) {
        this.key = key;
        this.header = key.header().toBase64URL().toString();
        this.payloadBeforeSubject = "{\"iss\":\"" + plain(issuer) + "\",\"aud\":\"" + plain(audience) + "\",\"sub\":\"";
        this.payloadAfterSubject = "\",\"exp\":" + expiresAt.getEpochSecond() + "}";
        this.signatureLength = key.sign(signingInput(1).getBytes(StandardCharsets.US_ASCII)).length;
    }

    /** Signs every user's token, on every core; a few minutes for a million RS256 tokens. */
    @Override
    public synchronized void prepare(String target, long firstUser, int users) {
        if (signatures != null && this.firstUser == firstUser && this.users == users) {
            return;
        }
        if ((long) users * signatureLength > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException(
                    users + " users' " + key.algorithm() + " signatures do not fit one array: fewer --users");
        }
        byte[] all = new byte[users * signatureLength];
        int step = Math.max(1, users / 10);
        AtomicInteger done = new AtomicInteger();
        long start = System.nanoTime();
        System.err.printf("%s: signing %,d %s tokens before the first run%n", target, users, key.algorithm());
        IntStream.range(0, users).parallel().forEach(i -> {
            byte[] signature = key.sign(signingInput(firstUser + i).getBytes(StandardCharsets.US_ASCII));
            System.arraycopy(signature, 0, all, i * signatureLength, signatureLength);
            int signed = done.incrementAndGet();
            if (signed % step == 0 && signed < users) {
                System.err.printf("%s: %,d of %,d signed%n", target, signed, users);
            }
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        System.err.printf(
                "%s: %,d %s tokens signed in %.0f s (%.2f ms of CPU each over %d cores), %d MB kept%n",
                target,
                users,
                key.algorithm(),
                seconds,
                seconds * 1e3 * Runtime.getRuntime().availableProcessors() / users,
                Runtime.getRuntime().availableProcessors(),
                all.length >> 20);
        this.firstUser = firstUser;
        this.users = users;
        this.signatures = all;
    }

    @Override
    public String bearer(long userId) {
        byte[] kept = signatures;
        long index = userId - firstUser;
        if (kept == null || index < 0 || index >= users) {
            throw new IllegalStateException("no token was signed for user " + userId + " (prepare first)");
        }
        int from = (int) index * signatureLength;
        byte[] signature = Arrays.copyOfRange(kept, from, from + signatureLength);
        return "Bearer " + signingInput(userId) + "." + BASE64URL.encodeToString(signature);
    }

    /** A token for {@code userId} signed now and not kept: to ask whether the service knows the issuer's key yet. */
    public String signedNow(long userId) {
        String input = signingInput(userId);
        return input + "." + BASE64URL.encodeToString(key.sign(input.getBytes(StandardCharsets.US_ASCII)));
    }

    private String signingInput(long userId) {
        String payload = payloadBeforeSubject + userId + payloadAfterSubject;
        return header + "." + BASE64URL.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
    }

    /** The payload is written by hand: a value that would need escaping in JSON is refused instead. */
    private static String plain(String value) {
        if (!value.chars().allMatch(c -> c >= ' ' && c <= '~' && c != '"' && c != '\\')) {
            throw new IllegalArgumentException("not plain printable ASCII: " + value);
        }
        return value;
    }
}
