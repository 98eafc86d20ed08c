package io.hongbao.bench.http.measure;

/** What one grab request came back with. Anything but the four contract outcomes counts as an error. */
public enum Outcome {
    GRABBED,
    ALREADY_GRABBED,
    SOLD_OUT,
    EXPIRED,
    /** A campaign grab answered TRY_AGAIN by the lossy edge (or NOT_STARTED): nothing decided, come back. */
    TRY_AGAIN,
    /** A draw answered 200: a prize or the consolation (the draw phase of {@code bench http}). */
    DRAWN,
    /** A draw answered 202 PENDING: points spent, the service finishes it later (not an error, but worth seeing). */
    DRAW_PENDING,
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

    /** Classifies a draw's answer the same cheap way: 200 with a draw id, or 202 PENDING. */
    public static Outcome ofDraw(int status, String body) {
        if (status < 200 || status >= 300) {
            return HTTP_ERROR;
        }
        if (status == 202 && body.contains("\"PENDING\"")) {
            return DRAW_PENDING;
        }
        if (status == 200 && body.contains("\"drawId\"")) {
            return DRAWN;
        }
        return UNEXPECTED_BODY;
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
        if (body.contains("\"TRY_AGAIN\"") || body.contains("\"NOT_STARTED\"")) {
            return TRY_AGAIN;
        }
        return UNEXPECTED_BODY;
    }
}
