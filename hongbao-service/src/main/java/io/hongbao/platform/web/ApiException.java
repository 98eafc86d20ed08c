package io.hongbao.platform.web;

/**
 * A request the web layer refuses with one of the contract's codes. Domain code never throws this: use cases return
 * sealed outcomes, and controllers turn the refusals into an {@code ApiException}.
 */
public final class ApiException extends RuntimeException {

    private final ErrorCode code;
    /** Whole seconds for a {@code Retry-After} header; 0 for none. */
    private final long retryAfterSeconds;

    public ApiException(ErrorCode code, String message) {
        this(code, message, 0);
    }

    private ApiException(ErrorCode code, String message, long retryAfterSeconds) {
        super(message, null, false, false); // no stack trace: these are answers, not failures
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** A refusal answered with {@code Retry-After: <seconds>} (at least 1) beside the error body. */
    public static ApiException retryAfter(ErrorCode code, String message, long seconds) {
        return new ApiException(code, message, Math.max(1, seconds));
    }

    public static ApiException validation(String message) {
        return new ApiException(ErrorCode.VALIDATION_FAILED, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(ErrorCode.NOT_FOUND, message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(ErrorCode.FORBIDDEN, message);
    }

    public ErrorCode code() {
        return code;
    }

    /** The {@code Retry-After} to answer, in whole seconds; 0 for none. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
