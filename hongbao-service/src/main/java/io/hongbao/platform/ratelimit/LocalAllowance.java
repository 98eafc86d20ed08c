package io.hongbao.platform.ratelimit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;

/**
 * The one call per subject and period that an instance lets through without asking Redis (ADR 0081).
 *
 * <p>Why: asking the shared bucket costs two Redis round trips on their own connection, more than the grab it guards
 * (a grab shares its script call with the others of its batch). A person taps a packet once, so nearly every call of a
 * real population is its user's only call in seconds: for those, the round trips bought nothing. A script hammering a
 * route spends its allowance on its first call and is counted in the shared bucket from its second on.
 *
 * <p>What it costs the limit: each instance lets one call per subject and period past the shared bucket, uncounted.
 * With {@code period} the time the shared bucket takes to fill ({@code burst ÷ per-second}, 2 s for every default
 * limit), K instances let a subject through at most {@code burst + K} calls at once and {@code per-second + K ÷ period}
 * calls per second in the long run, instead of {@code burst} and {@code per-second}.
 *
 * <p>Bounded memory: an entry lives {@code period} after its call (then the allowance is back and the entry says
 * nothing); at most {@code MAX_SUBJECTS} at once, beyond which Caffeine drops the least used, whose next call then
 * passes locally again: a subject with a single call in the period, so the bound above still holds for hammering ones.
 */
final class LocalAllowance {

    static final long MAX_SUBJECTS = 200_000;

    private final Cache<String, Boolean> spent;

    LocalAllowance(Duration period) {
        this.spent = Caffeine.newBuilder()
                .expireAfterWrite(period)
                .maximumSize(MAX_SUBJECTS)
                .build();
    }

    /** True for a subject's first call in the period (it passes unasked); false once spent (ask the shared bucket). */
    boolean take(String subject) {
        // putIfAbsent is atomic: of two concurrent first calls, one takes the allowance and the other goes to Redis.
        return spent.asMap().putIfAbsent(subject, Boolean.TRUE) == null;
    }
}
