package io.hongbao.platform.idempotency;

import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.IdempotencyKeyHeader;

/**
 * The value of an {@code Idempotency-Key} header: 1 to 64 visible ASCII characters. A header's bytes past ASCII are
 * read as ISO-8859-1, so a UTF-8 key would be kept as other characters than the client sent; it is refused instead.
 */
public record IdempotencyKey(String value) {

    public static final String HEADER = IdempotencyKeyHeader.NAME;
    public static final int MAX_LENGTH = IdempotencyKeyHeader.MAX_LENGTH;

    public IdempotencyKey {
        if (value == null || value.isEmpty() || value.length() > MAX_LENGTH || !visibleAscii(value)) {
            throw ApiException.validation(HEADER + " must be 1 to " + MAX_LENGTH + " visible ASCII characters");
        }
    }

    private static boolean visibleAscii(String value) {
        return value.chars().allMatch(c -> c >= '!' && c <= '~');
    }

    /** The header's key, or null when the request carries none. */
    public static IdempotencyKey fromHeader(String header) {
        return header == null ? null : new IdempotencyKey(header);
    }
}
