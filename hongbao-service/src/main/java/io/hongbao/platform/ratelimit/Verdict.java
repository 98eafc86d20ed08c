package io.hongbao.platform.ratelimit;

/** What a limit says about one call: it may pass, or it must wait {@code retryAfterSeconds} (at least 1). */
record Verdict(boolean allowed, long retryAfterSeconds) {

    static final Verdict ALLOWED = new Verdict(true, 0);

    /** Over the limit: the wait for the next token, rounded up to whole seconds as {@code Retry-After} needs. */
    static Verdict limited(long nanosToWait) {
        long seconds = (nanosToWait + 999_999_999L) / 1_000_000_000L;
        return new Verdict(false, Math.max(1, seconds));
    }
}
