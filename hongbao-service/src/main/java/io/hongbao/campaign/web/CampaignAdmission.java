package io.hongbao.campaign.web;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lossy edge of the campaign grabs (ADR 0103), asked before anything else, in this instance's memory: a token
 * bucket for the rate, and a count of the grabs still waiting for Redis. A crowd larger than the instance can serve,
 * or a Redis slower than the crowd, is answered {@code TRY_AGAIN} at once, costing a compare-and-set and no Redis
 * call, instead of queueing until everyone waits too long. Per instance on purpose: a shared limit would itself be a
 * Redis call per tap.
 *
 * <p>Refusals are counted as {@code hongbao.campaign.grabs.refused{reason}}: {@code rate} (over the rate), {@code
 * busy} (too many grabs of this instance outstanding), {@code limits} (a pool's grab refused before Redis changed
 * anything, because Redis is short of memory or the database too far behind: counted by the caller, {@link
 * #refusedAtTheLimits}).
 */
final class CampaignAdmission {

    private final Bucket bucket;
    private final int maxOutstanding;
    private final AtomicInteger outstanding = new AtomicInteger();
    private final Duration retryAfter;
    private final Counter overRate;
    private final Counter busy;
    private final Counter limits;

    CampaignAdmission(CampaignSettings.Admission settings, MeterRegistry registry) {
        this.bucket = Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(settings.burst())
                        .refillGreedy(settings.perSecond(), Duration.ofSeconds(1))
                        .build())
                .build();
        this.maxOutstanding = settings.maxOutstanding();
        this.retryAfter = settings.retryAfter();
        this.overRate = refused(registry, "rate");
        this.busy = refused(registry, "busy");
        this.limits = refused(registry, "limits");
    }

    private static Counter refused(MeterRegistry registry, String reason) {
        return Counter.builder("hongbao.campaign.grabs.refused")
                .description("campaign grabs answered TRY_AGAIN before Redis changed anything, by why")
                .tag("reason", reason)
                .register(registry);
    }

    /**
     * Whether this grab may go on to Redis; a refusal is counted. An admitted grab must be {@link #release released}
     * once answered.
     */
    boolean admit() {
        // Outstanding first: a grab over it is refused without taking a token a later grab could use.
        if (outstanding.incrementAndGet() > maxOutstanding) {
            outstanding.decrementAndGet();
            busy.increment();
            return false;
        }
        if (bucket.tryConsume(1)) {
            return true;
        }
        outstanding.decrementAndGet();
        overRate.increment();
        return false;
    }

    /** An admitted grab was answered (or failed, or its caller went away). */
    void release() {
        outstanding.decrementAndGet();
    }

    /** A pool's grab was refused at Redis' or the database's limits before anything changed. */
    void refusedAtTheLimits() {
        limits.increment();
    }

    Duration retryAfter() {
        return retryAfter;
    }
}
