package io.hongbao.campaign.web;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lossy edge of the campaign grabs (ADR 0103, ADR 0104), asked before anything else, in this instance's memory: a
 * token bucket for the rate, asked by {@link CampaignEdge} as the request comes off the connection, and a count of the
 * grabs still waiting for Redis, asked by {@link CampaignAdmissionFilter}. A crowd larger than the instance can serve,
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

    /** Whether this grab is within the instance's rate; a refusal is counted. Thread-safe: any event loop asks. */
    boolean withinTheRate() {
        if (bucket.tryConsume(1)) {
            return true;
        }
        overRate.increment();
        return false;
    }

    /**
     * Spends the rate as if {@code grabs} more had been admitted just now, into debt if need be, so that the next
     * grabs are over it until the refill has paid it back. For tests of the service as built, which cannot outrun a
     * refill of thousands a second with requests.
     */
    void spend(long grabs) {
        bucket.consumeIgnoringRateLimits(grabs);
    }

    /**
     * Whether this grab, within the rate, may go on to Redis: fewer than {@code max-outstanding} wait for it now; a
     * refusal is counted. An admitted grab must be {@link #release released} once answered. A grab refused here has
     * spent its token of the rate: when Redis is this far behind, the rate is not what holds the crowd back.
     */
    boolean admit() {
        if (outstanding.incrementAndGet() > maxOutstanding) {
            outstanding.decrementAndGet();
            busy.increment();
            return false;
        }
        return true;
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
