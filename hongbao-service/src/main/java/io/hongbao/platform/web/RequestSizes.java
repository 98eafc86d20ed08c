package io.hongbao.platform.web;

/**
 * How large a request's path and headers may be: the first web filter refuses more (414, 431), and the OpenAPI
 * document declares those answers on every operation with these numbers.
 */
public final class RequestSizes {

    /** The request target (path and query, as sent): ids are at most a few dozen characters. */
    public static final int MAX_TARGET_BYTES = 4096;

    /** Every header's name and value together: a bearer token is under 1 KB. */
    public static final int MAX_HEADER_BYTES = 8192;

    private RequestSizes() {}
}
