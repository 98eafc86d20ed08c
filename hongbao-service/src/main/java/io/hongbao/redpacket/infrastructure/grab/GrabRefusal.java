package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;

/**
 * Why a grab was refused before Redis changed anything (ADR 0067): each is answered 503 {@code UNAVAILABLE} with a
 * message that says so and a {@code Retry-After} (a lane drains within milliseconds: 1 s; memory and a database far
 * behind take longer: 5 s), and counted as {@code hongbao.grab.refused{reason}}. Unlike a store failure, the outcome
 * is known: nothing happened, and a retry later may succeed.
 */
public enum GrabRefusal {
    /**
     * Redis' memory reached the admission threshold (or Redis refused the script for memory): what is left is kept for
     * refunds, paid draws and the persister.
     */
    MEMORY("memory", "Redis is short of memory for new grabs", 5),
    /** The shard's stream holds more events than the database may trail behind by. */
    BACKLOG("backlog", "the database is too far behind in recording grabs", 5),
    /** The shard's lane already holds as many waiting grabs as it may. */
    LANE_FULL("lane-full", "too many grabs are waiting", 1),
    /** The grab waited in its lane longer than a client waits: it was never sent. */
    DEADLINE("deadline", "the grab waited too long to be sent", 1);

    private static final GrabRefusal[] ALL = values();

    private final String tag;
    private final ApiException exception;

    GrabRefusal(String tag, String why, long retryAfterSeconds) {
        this.tag = tag;
        // One shared instance per reason: it carries no stack trace and no suppressed exceptions, so sharing is safe,
        // and a refusal allocates nothing.
        this.exception = ApiException.retryAfter(
                ErrorCode.UNAVAILABLE, why + "; nothing was changed: retry later", retryAfterSeconds);
    }

    /** The value of the metric's {@code reason} tag. */
    public String tag() {
        return tag;
    }

    /** What the grab's answer fails with. */
    public ApiException exception() {
        return exception;
    }

    /** The refusal {@code failure} is, unwrapped from completion wrappers; {@code null} when it is none. */
    static GrabRefusal of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            for (GrabRefusal refusal : ALL) {
                if (t == refusal.exception) {
                    return refusal;
                }
            }
        }
        return null;
    }
}
