package io.hongbao.ops.infrastructure;

import io.hongbao.ops.application.MeterReading;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * This instance's grab and draw meters as a {@link MeterReading}: {@code hongbao.grab.requests} by outcome with its
 * histogram buckets (the percentiles histogram, turned on in {@code application.yml} for Grafana's
 * {@code histogram_quantile}; its buckets only grow, since the Prometheus registry keeps them for the process'
 * lifetime), the draws as {@code http.server.requests} of the draw route, and the campaign grabs by outcome and their
 * refusals by reason.
 */
public final class MeterReadings implements Supplier<MeterReading> {

    public static final String GRABS = "hongbao.grab.requests";
    public static final String DRAW_URI = "/api/v1/wheels/{id}/draw";
    /** The campaign grabs' answers by outcome, and their refusals at the lossy edge by reason (ADR 0103). */
    public static final String CAMPAIGN_GRABS = "hongbao.campaign.grab.requests";

    public static final String CAMPAIGN_REFUSALS = "hongbao.campaign.grabs.refused";

    private final MeterRegistry registry;

    public MeterReadings(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public MeterReading get() {
        long nanos = System.nanoTime();
        Map<String, Long> grabs = new HashMap<>();
        TreeMap<Double, Long> buckets = new TreeMap<>();
        for (Timer timer : registry.find(GRABS).timers()) {
            grabs.merge(timer.getId().getTag("outcome"), timer.count(), Long::sum);
            for (CountAtBucket bucket : timer.takeSnapshot().histogramCounts()) {
                if (!Double.isInfinite(bucket.bucket())) {
                    buckets.merge(bucket.bucket(TimeUnit.MILLISECONDS), (long) bucket.count(), Long::sum);
                }
            }
        }
        long draws = 0;
        for (Timer timer : registry.find("http.server.requests")
                .tag("uri", DRAW_URI)
                .tag("method", "POST")
                .timers()) {
            draws += timer.count();
        }
        double[] bounds = new double[buckets.size()];
        long[] counts = new long[buckets.size()];
        int i = 0;
        for (Map.Entry<Double, Long> bucket : buckets.entrySet()) {
            bounds[i] = bucket.getKey();
            counts[i++] = bucket.getValue();
        }
        Map<String, Long> campaignGrabs = new HashMap<>();
        for (Timer timer : registry.find(CAMPAIGN_GRABS).timers()) {
            campaignGrabs.merge(timer.getId().getTag("outcome"), timer.count(), Long::sum);
        }
        Map<String, Long> campaignRefusals = new HashMap<>();
        for (Counter counter : registry.find(CAMPAIGN_REFUSALS).counters()) {
            campaignRefusals.merge(counter.getId().getTag("reason"), (long) counter.count(), Long::sum);
        }
        return new MeterReading(nanos, grabs, draws, bounds, counts, campaignGrabs, campaignRefusals);
    }
}
