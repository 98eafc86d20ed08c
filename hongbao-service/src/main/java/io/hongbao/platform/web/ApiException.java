package io.hongbao.platform.web;

/**
 * A request the web layer refuses with one of the contract's codes. Domain code never throws this: use cases return
 * sealed outcomes, and controllers turn the refusals into an {@code ApiException}.
 */
public final class ApiException extends RuntimeException {

    private final ErrorCode code;

    public ApiException(ErrorCode code, String message) {
        super(message, null, false, false); // no stack trace: these are answers, not failures
        this.code = code;
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
}
