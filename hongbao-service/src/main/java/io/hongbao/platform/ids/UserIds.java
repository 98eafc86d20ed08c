package io.hongbao.platform.ids;

/**
 * The range of user ids (ADR 0094): 1 to 2^53 − 1, the largest integer a JavaScript number holds exactly (and any
 * JSON parser that reads numbers as doubles). Every user id the API writes as a JSON number then reads back as itself,
 * in the web app and in a generated TypeScript client alike, so no id needs a second, string form.
 */
public final class UserIds {

    /** 2^53 − 1, JavaScript's {@code Number.MAX_SAFE_INTEGER}. */
    public static final long MAX = (1L << 53) - 1;

    /** {@link #MAX} as the OpenAPI annotations take it (a compile-time constant; {@code UserIdsTest} ties the two). */
    public static final String MAX_TEXT = "9007199254740991";

    /** What a refusal says. */
    public static final String RULE = "a user id is 1 to " + MAX_TEXT + " (2^53 - 1)";

    private UserIds() {}

    public static boolean valid(long id) {
        return id >= 1 && id <= MAX;
    }
}
