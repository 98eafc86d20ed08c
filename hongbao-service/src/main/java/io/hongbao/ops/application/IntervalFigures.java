package io.hongbao.ops.application;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of the interval between two readings of the same meters: each count's growth divided by the time
 * between them, and the latency percentiles of the grabs answered in between from the growth of each histogram bucket
 * (so one slow minute ago does not colour this second). A count that shrank means the meters were replaced (a
 * registry reset): the interval then counts from zero.
 */
public final class IntervalFigures {

    /** Every grab outcome, so that the page shows a zero rather than nothing. */
    public static final List<String> OUTCOMES =
            List.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED", "NOT_FOUND", "NOT_A_MEMBER", "FAILED");

    private IntervalFigures() {}

    /** Nothing happened: every rate 0, no latency. */
    public static Figures idle() {
        Map<String, Double> outcomes = new HashMap<>();
        for (String outcome : OUTCOMES) {
            outcomes.put(outcome, 0.0);
        }
        return new Figures(0, 0, outcomes, Latency.NONE);
    }

    public static Figures between(MeterReading before, MeterReading now) {
        double seconds = (now.nanos() - before.nanos()) / 1e9;
        if (seconds <= 0) {
            throw new IllegalArgumentException("the second reading must come after the first");
        }
        Map<String, Double> outcomes = new HashMap<>(idle().outcomesPerSecond());
        long grabs = 0;
        for (Map.Entry<String, Long> count : now.grabs().entrySet()) {
            long grown = growth(before.grabs().getOrDefault(count.getKey(), 0L), count.getValue());
            grabs += grown;
            outcomes.merge(count.getKey(), grown / seconds, Double::sum);
        }
        double draws = growth(before.draws(), now.draws()) / seconds;
        return new Figures(
                grabs / seconds,
                draws,
                outcomes,
                latency(before, now, grabs),
                rates(before.campaignGrabs(), now.campaignGrabs(), seconds),
                rates(before.campaignRefusals(), now.campaignRefusals(), seconds));
    }

    /** Each count's growth per second, for the keys the later reading has. */
    private static Map<String, Double> rates(Map<String, Long> before, Map<String, Long> now, double seconds) {
        Map<String, Double> rates = new HashMap<>();
        now.forEach((key, count) -> rates.put(key, growth(before.getOrDefault(key, 0L), count) / seconds));
        return rates;
    }

    private static Latency latency(MeterReading before, MeterReading now, long grabs) {
        double[] bounds = now.bucketBoundsMillis();
        long[] counts = now.bucketCounts();
        long[] earlier = sameBuckets(before, bounds) ? before.bucketCounts() : new long[counts.length];
        long[] grown = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            grown[i] = growth(earlier[i], counts[i]);
        }
        if (grabs == 0) {
            return Latency.NONE;
        }
        return new Latency(BucketQuantile.of(bounds, grown, grabs, 0.5), BucketQuantile.of(bounds, grown, grabs, 0.99));
    }

    private static boolean sameBuckets(MeterReading before, double[] bounds) {
        return Arrays.equals(before.bucketBoundsMillis(), bounds);
    }

    private static long growth(long before, long now) {
        return now >= before ? now - before : now;
    }
}
