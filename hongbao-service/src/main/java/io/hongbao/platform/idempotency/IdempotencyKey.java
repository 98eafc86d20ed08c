package io.hongbao.platform.idempotency;

import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.IdempotencyKeyHeader;

/** The value of an {@code Idempotency-Key} header: 1 to 64 visible characters. */
public record IdempotencyKey(String value) {

    public static final String HEADER = IdempotencyKeyHeader.NAME;
    public static final int MAX_LENGTH = IdempotencyKeyHeader.MAX_LENGTH;

    public IdempotencyKey {
        if (value == null || value.isBlank() || value.length() > MAX_LENGTH) {
            throw ApiException.validation(HEADER + " must be 1 to " + MAX_LENGTH + " characters");
        }
    }

    /** The header's key, or null when the request carries none. */
    public static IdempotencyKey fromHeader(String header) {
        return header == null ? null : new IdempotencyKey(header);
    }
}
