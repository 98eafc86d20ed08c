package io.hongbao.lottery.model.draw;

import io.hongbao.account.model.UserId;
import java.util.regex.Pattern;

/**
 * The Idempotency-Key a draw request carries, as its draw records it (ADR 0098): the caller's key and the fingerprint
 * of the request it came with (method and path, so the wheel), computed as every idempotent request's is. A second
 * request with the same key and fingerprint is a repeat; with another fingerprint, another request.
 */
public record DrawKey(String value, String fingerprint) {

    /** As the idempotency records' column holds keys. */
    public static final int MAX_LENGTH = 64;

    private static final Pattern SHA_256_HEX = Pattern.compile("[0-9a-f]{64}");

    public DrawKey {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("an Idempotency-Key is 1 to " + MAX_LENGTH + " characters");
        }
        if (fingerprint == null || !SHA_256_HEX.matcher(fingerprint).matches()) {
            throw new IllegalArgumentException("a request's fingerprint is a SHA-256 in lower-case hex");
        }
    }

    /** The key as its holder's: keys belong to the caller, so two users' same key names two requests. */
    public Held heldBy(UserId user) {
        return new Held(user, value);
    }

    /** A caller's key, without the request it came with: what the idempotency records are keyed by. */
    public record Held(UserId user, String value) {
        public Held {
            if (user == null || value == null) {
                throw new IllegalArgumentException("a held key has its user and its value");
            }
        }
    }
}
