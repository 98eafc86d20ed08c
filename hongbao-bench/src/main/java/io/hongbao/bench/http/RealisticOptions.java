package io.hongbao.bench.http;

import io.hongbao.bench.http.load.RealisticShape;
import picocli.CommandLine.Option;

/**
 * {@code bench http}'s options that shape the realistic profile ({@link RealisticShape}); the hot one ignores them.
 * {@code bench start} and {@code bench soak} mix them in too, so their load has the same shape and defaults.
 */
public final class RealisticOptions {

    @Option(
            names = "--active-packets",
            defaultValue = "4000",
            description = "realistic: packets open at once, each replaced as it sells out (${DEFAULT-VALUE})")
    int activePackets;

    @Option(
            names = "--popularity-exponent",
            defaultValue = "1.0",
            description = "realistic: the i-th most popular packet draws grabs in proportion to 1/i^this"
                    + " (${DEFAULT-VALUE})")
    double popularityExponent;

    @Option(
            names = "--group-packets",
            defaultValue = "40",
            description = "realistic: how many of the most popular packets are big group packets (${DEFAULT-VALUE})")
    int groupPackets;

    @Option(
            names = "--group-shares",
            defaultValue = "1000",
            description = "realistic: shares of a group packet, 1..1000 (${DEFAULT-VALUE})")
    int groupShares;

    @Option(
            names = "--small-shares",
            defaultValue = "5-20",
            description = "realistic: shares of the other packets, uniform over this range (${DEFAULT-VALUE})")
    String smallShares;

    @Option(
            names = "--account-holders",
            defaultValue = "0.9",
            description = "realistic: share of users given an account (a deposit, written in SQL) before the first"
                    + " run (${DEFAULT-VALUE})")
    double accountHolders;

    /** @throws IllegalArgumentException when the options make no shape that can run */
    public RealisticShape shape(int users, double duplicates, long centsPerShare) {
        String[] range = smallShares.split("-", 2);
        int min;
        int max;
        try {
            min = Integer.parseInt(range[0].trim());
            max = range.length == 2 ? Integer.parseInt(range[1].trim()) : min;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--small-shares is a range such as 5-20");
        }
        return new RealisticShape(
                users,
                activePackets,
                popularityExponent,
                groupPackets,
                groupShares,
                min,
                max,
                accountHolders,
                duplicates,
                centsPerShare);
    }
}
