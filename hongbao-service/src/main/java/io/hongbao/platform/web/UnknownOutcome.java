package io.hongbao.platform.web;

import java.util.function.Function;

/**
 * A backing store failed while a request was under way, so its outcome is unknown, but the operation is idempotent: the
 * message tells the client that a retry is safe and what it answers. Answered 503 {@code UNAVAILABLE} with that
 * message, where a store failure of any other operation gets the generic one.
 */
public final class UnknownOutcome extends RuntimeException {

    public UnknownOutcome(String message, Throwable cause) {
        super(message, cause, false, false);
    }

    /** For {@code onErrorMap}: a store failure becomes an {@code UnknownOutcome} with this message; others pass. */
    public static Function<Throwable, Throwable> whenStoreDown(String message) {
        return failure -> ApiExceptionHandler.isStoreDown(failure) ? new UnknownOutcome(message, failure) : failure;
    }
}
