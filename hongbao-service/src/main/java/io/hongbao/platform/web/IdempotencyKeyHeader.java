package io.hongbao.platform.web;

/**
 * The {@code Idempotency-Key} request header as the HTTP contract states it (docs/api.md): its name and its longest
 * value. The web layer documents it for every operation that takes one; {@code platform.idempotency} reads it.
 */
public final class IdempotencyKeyHeader {

    public static final String NAME = "Idempotency-Key";
    public static final int MAX_LENGTH = 64;

    private IdempotencyKeyHeader() {}
}
