package io.hongbao.campaign.web;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;

/**
 * The lossy edge of the campaign grabs (ADR 0103): a token bucket in this instance's memory, asked before anything
 * else. A crowd larger than the instance can serve is answered {@code TRY_AGAIN} at once, costing a compare-and-set
 * and no Redis call, instead of queueing in the grab lanes until everyone waits too long. Per instance on purpose: a
 * shared limit would itself be a Redis call per tap.
 */
final class CampaignAdmission {

    private final Bucket bucket;
    private final Duration retryAfter;
    private final Counter refused;

    CampaignAdmission(CampaignSettings.Admission settings, MeterRegistry registry) {
        this.bucket = Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(settings.burst())
                        .refillGreedy(settings.perSecond(), Duration.ofSeconds(1))
                        .build())
                .build();
        this.retryAfter = settings.retryAfter();
        this.refused = Counter.builder("hongbao.campaign.grabs.refused")
                .description("campaign grabs answered TRY_AGAIN at the edge, before any Redis call")
                .tag("reason", "rate")
                .register(registry);
    }

    /** Whether this grab may go on to Redis; false counts it as refused. */
    boolean admit() {
        if (bucket.tryConsume(1)) {
            return true;
        }
        refused.increment();
        return false;
    }

    Duration retryAfter() {
        return retryAfter;
    }
}
