package io.hongbao.platform.web;

/** The {@code limit} query parameter of list endpoints: 1 to 200, 50 when absent. */
public final class Paging {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;

    private Paging() {}

    public static int limit(Integer requested) {
        if (requested == null) {
            return DEFAULT_LIMIT;
        }
        if (requested < 1 || requested > MAX_LIMIT) {
            throw ApiException.validation("limit must be 1.." + MAX_LIMIT);
        }
        return requested;
    }
}
