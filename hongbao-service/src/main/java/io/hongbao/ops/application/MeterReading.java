package io.hongbao.ops.application;

import java.util.Arrays;
import java.util.Map;

/**
 * This instance's meters at one moment, as they only ever grow: the grab answers so far by outcome, the draws so far,
 * the campaign grabs' answers by outcome and refusals by reason, and the grab latency histogram (every outcome together) as cumulative bucket counts, {@code bucketCounts[i]} grabs
 * answered within {@code bucketBoundsMillis[i]}. Two readings a second apart give the last second's figures
 * ({@link IntervalFigures}).
 *
 * @param nanos when it was read, on {@link System#nanoTime()}'s scale
 */
public record MeterReading(
        long nanos,
        Map<String, Long> grabs,
        long draws,
        double[] bucketBoundsMillis,
        long[] bucketCounts,
        Map<String, Long> campaignGrabs,
        Map<String, Long> campaignRefusals) {

    public MeterReading {
        grabs = Map.copyOf(grabs);
        campaignGrabs = Map.copyOf(campaignGrabs);
        campaignRefusals = Map.copyOf(campaignRefusals);
        bucketBoundsMillis = bucketBoundsMillis.clone();
        bucketCounts = bucketCounts.clone();
        if (bucketBoundsMillis.length != bucketCounts.length) {
            throw new IllegalArgumentException(
                    "one count per bucket bound: " + bucketBoundsMillis.length + " bounds, " + bucketCounts.length);
        }
    }

    /** A reading without campaign grabs. */
    public MeterReading(
            long nanos, Map<String, Long> grabs, long draws, double[] bucketBoundsMillis, long[] bucketCounts) {
        this(nanos, grabs, draws, bucketBoundsMillis, bucketCounts, Map.of(), Map.of());
    }

    /** A reading before anything happened: what the first interval is measured from. */
    public static MeterReading nothingAt(long nanos) {
        return new MeterReading(nanos, Map.of(), 0, new double[0], new long[0]);
    }

    @Override
    public double[] bucketBoundsMillis() {
        return bucketBoundsMillis.clone();
    }

    @Override
    public long[] bucketCounts() {
        return bucketCounts.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MeterReading that
                && nanos == that.nanos
                && draws == that.draws
                && grabs.equals(that.grabs)
                && campaignGrabs.equals(that.campaignGrabs)
                && campaignRefusals.equals(that.campaignRefusals)
                && Arrays.equals(bucketBoundsMillis, that.bucketBoundsMillis)
                && Arrays.equals(bucketCounts, that.bucketCounts);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(nanos) * 31 + grabs.hashCode();
    }

    @Override
    public String toString() {
        return "MeterReading[grabs=" + grabs + ", draws=" + draws + ", buckets=" + Arrays.toString(bucketCounts) + "]";
    }
}
