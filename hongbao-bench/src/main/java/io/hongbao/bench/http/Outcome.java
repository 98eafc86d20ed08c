package io.hongbao.bench.http;

/** What one grab request came back with. Anything but the four contract outcomes counts as an error. */
public enum Outcome {
    GRABBED,
    ALREADY_GRABBED,
    SOLD_OUT,
    EXPIRED,
    /** 200 with a body that is none of the outcomes above. */
    UNEXPECTED_BODY,
    /** Any non-2xx status. */
    HTTP_ERROR,
    /** No answer within the response timeout. */
    TIMEOUT,
    /** Connection refused, reset, or any other I/O failure. */
    IO_ERROR;

    public boolean isError() {
        return ordinal() >= UNEXPECTED_BODY.ordinal();
    }

    /** Classifies an answer by a cheap scan of the body: the load tool must not spend the CPU it measures. */
    public static Outcome of(int status, String body) {
        if (status < 200 || status >= 300) {
            return HTTP_ERROR;
        }
        if (body.contains("\"GRABBED\"")) {
            return GRABBED;
        }
        if (body.contains("\"ALREADY_GRABBED\"")) {
            return ALREADY_GRABBED;
        }
        if (body.contains("\"SOLD_OUT\"")) {
            return SOLD_OUT;
        }
        if (body.contains("\"EXPIRED\"")) {
            return EXPIRED;
        }
        return UNEXPECTED_BODY;
    }
}
