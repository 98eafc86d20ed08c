package io.hongbao.lab.model;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The seeds' live split: the next share is computed at grab time from what the packet still holds and a number the
 * caller drew, {@code 1 + draw % cap} with the double-mean cap lowered so that every later share can still get one
 * cent; the last share takes the rest. Taking the draw as an argument lets a Lua script (the {@code lua-live-split}
 * strategy) compute exactly the same share. The lab's pre-split packets apply the same rule share by share
 * ({@link #split}), so every strategy hands out money split one way.
 *
 * <p>The service does not split live: it splits a packet whole at send time with
 * {@code io.hongbao.redpacket.model.Splitting} (same double-mean bounds, drawn with {@code nextLong(bound)}, plus
 * equal packets), and Redis only hands out the stored shares.
 */
public final class LiveSplitting {

    private LiveSplitting() {}

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
