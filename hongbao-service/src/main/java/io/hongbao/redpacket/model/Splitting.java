package io.hongbao.redpacket.model;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Splits a packet's total into its shares at send time, in integer cents. The randomness comes from the caller, so
 * Redis never draws random numbers and a test can replay a split from a seed.
 */
public final class Splitting {

    private Splitting() {}

    public static List<Share> split(PacketType type, long total, int count, RandomGenerator random) {
        if (count < 1 || total < count) {
            throw new IllegalArgumentException("cannot split " + total + " cents into " + count + " shares of >= 1");
        }
        return type == PacketType.EQUAL ? equal(total, count) : doubleMean(total, count, random);
    }

    /**
     * The double-mean method: each share is uniform in [1, 2 * remaining / remainingCount] (the cap, a mean of
     * remaining / remainingCount), lowered where needed so every later share can still get a cent; the last share
     * takes what is left. Σ = total by construction.
     */
    static List<Share> doubleMean(long total, int count, RandomGenerator random) {
        List<Share> shares = new ArrayList<>(count);
        long remaining = total;
        for (int seq = 0; seq < count - 1; seq++) {
            int remainingCount = count - seq;
            long max = Math.min(cap(remaining, remainingCount), remaining - (remainingCount - 1));
            long amount = 1 + random.nextLong(max);
            shares.add(new Share(seq, amount));
            remaining -= amount;
        }
        shares.add(new Share(count - 1, remaining));
        return shares;
    }

    /** The double-mean cap: twice the mean of what is left, rounded down. */
    public static long cap(long remaining, int remainingCount) {
        return 2 * remaining / remainingCount;
    }

    static List<Share> equal(long total, int count) {
        if (total % count != 0) {
            throw new IllegalArgumentException(total + " cents do not split equally into " + count + " shares");
        }
        List<Share> shares = new ArrayList<>(count);
        for (int seq = 0; seq < count; seq++) {
            shares.add(new Share(seq, total / count));
        }
        return shares;
    }
}
