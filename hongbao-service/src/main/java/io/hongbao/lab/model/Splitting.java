package io.hongbao.lab.model;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The double-mean split in integer cents: each share is uniform in [1, 2 × remaining / remainingCount], capped so
 * that every later share can still get one cent; the last share takes the rest. Used in advance (pre-split shares)
 * and at grab time (the live-split strategies), always with the same rule.
 */
public final class Splitting {

    private Splitting() {}

    /**
     * The next share of a packet that still holds {@code remainingAmount} for {@code remainingCount} shares.
     *
     * @param randomDraw any non-negative number; the share is {@code 1 + randomDraw % cap}
     */
    public static long nextShare(long remainingAmount, int remainingCount, long randomDraw) {
        if (remainingCount < 1 || remainingAmount < remainingCount || randomDraw < 0) {
            throw new IllegalArgumentException(
                    "cannot split " + remainingAmount + " cents into " + remainingCount + " shares");
        }
        if (remainingCount == 1) {
            return remainingAmount;
        }
        return 1 + randomDraw % cap(remainingAmount, remainingCount);
    }

    /** The largest share the double-mean rule allows now (the Lua twin computes the same). */
    public static long cap(long remainingAmount, int remainingCount) {
        long doubleMean = 2 * remainingAmount / remainingCount;
        long leaveACentForEachOther = remainingAmount - (remainingCount - 1);
        return Math.min(doubleMean, leaveACentForEachOther);
    }

    public static List<Long> split(long totalAmount, int count, RandomGenerator random) {
        List<Long> shares = new ArrayList<>(count);
        long remaining = totalAmount;
        for (int left = count; left > 0; left--) {
            long share = nextShare(remaining, left, random.nextLong(Long.MAX_VALUE));
            shares.add(share);
            remaining -= share;
        }
        return shares;
    }
}
