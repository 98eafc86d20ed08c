package io.hongbao.campaign.model;

import io.hongbao.redpacket.model.Share;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Cuts a campaign's total into its pools' shares at creation, in integer cents: the share count spread over the pools
 * as evenly as it goes (they differ by at most one share), each pool's sum its proportional part of the total (by the
 * largest remainder, so the sums add up to the total exactly), then each pool's sum cut into its shares by the rule.
 * Randomness comes from the caller, so a test can replay a split from a seed.
 */
public final class CampaignSplit {

    private CampaignSplit() {}

    /**
     * @return one list of shares per pool, pool 0 first; every pool has at least one share
     * @throws IllegalArgumentException when the rule cannot cut the total into that many shares, or there are more
     *     pools than shares
     */
    public static List<List<Share>> pools(ShareRule rule, long total, int shares, int pools, RandomGenerator random) {
        if (pools < 1 || pools > shares) {
            throw new IllegalArgumentException("between 1 and " + shares + " pools, not " + pools);
        }
        if (!rule.fits(total, shares)) {
            throw new IllegalArgumentException(total + " cents do not cut into " + shares + " shares by " + rule);
        }
        int[] counts = counts(shares, pools);
        long[] sums = sums(total, shares, counts);
        List<List<Share>> split = new ArrayList<>(pools);
        for (int pool = 0; pool < pools; pool++) {
            split.add(cut(rule, sums[pool], counts[pool], random));
        }
        return split;
    }

    /**
     * A campaign released in rounds: each round's part of the total in proportion to its shares (by the largest
     * remainder, as pools' parts are, so each part lies within its shares' bounds and the parts add up to the total),
     * then each round cut into its pools by {@link #pools}, with {@code pools} pools or one per share if fewer.
     *
     * @param roundShares round {@code i}'s share count at index {@code i}
     * @return per round, one list of shares per pool
     */
    public static List<List<List<Share>>> rounds(
            ShareRule rule, long total, int[] roundShares, int pools, RandomGenerator random) {
        int shares = 0;
        for (int count : roundShares) {
            shares = Math.addExact(shares, count);
        }
        if (!rule.fits(total, shares)) {
            throw new IllegalArgumentException(total + " cents do not cut into " + shares + " shares by " + rule);
        }
        long[] sums = sums(total, shares, roundShares);
        List<List<List<Share>>> split = new ArrayList<>(roundShares.length);
        for (int round = 0; round < roundShares.length; round++) {
            split.add(pools(rule, sums[round], roundShares[round], Math.min(pools, roundShares[round]), random));
        }
        return split;
    }

    /** Shares per pool: {@code shares / pools}, one more for the first {@code shares % pools}. */
    static int[] counts(int shares, int pools) {
        int[] counts = new int[pools];
        for (int pool = 0; pool < pools; pool++) {
            counts[pool] = shares / pools + (pool < shares % pools ? 1 : 0);
        }
        return counts;
    }

    /**
     * Each pool's part of the total, {@code total * count / shares} rounded down, then the cents left over one each to
     * the pools with the largest fractions. A pool's part therefore lies within its shares' bounds whenever the total
     * lies within the campaign's: a fraction above zero means the exact part is below the pool's maximum, which is a
     * whole number of cents, so one cent more still fits.
     */
    static long[] sums(long total, int shares, int[] counts) {
        long quotient = total / shares;
        long remainder = total % shares;
        long[] sums = new long[counts.length];
        long[] fractions = new long[counts.length];
        long left = total;
        for (int pool = 0; pool < counts.length; pool++) {
            // total * count / shares without overflow: (q * shares + r) * count / shares = q * count + r * count /
            // shares
            long spread = remainder * counts[pool];
            sums[pool] = quotient * counts[pool] + spread / shares;
            fractions[pool] = spread % shares;
            left -= sums[pool];
        }
        for (; left > 0; left--) {
            int largest = 0;
            for (int pool = 1; pool < counts.length; pool++) {
                if (fractions[pool] > fractions[largest]) {
                    largest = pool;
                }
            }
            sums[largest]++;
            fractions[largest] = -1;
        }
        return sums;
    }

    /**
     * One pool's sum cut into {@code count} shares. Random: each share uniform in a window centred on the mean of what
     * is left, as wide as the bounds allow while every later share can still be cut within {@code [min, max]}; so the
     * expected share stays the mean, and the last share takes what is left (which the windows kept within bounds).
     */
    static List<Share> cut(ShareRule rule, long sum, int count, RandomGenerator random) {
        List<Share> shares = new ArrayList<>(count);
        if (rule instanceof ShareRule.Equal) {
            for (int seq = 0; seq < count; seq++) {
                shares.add(new Share(seq, sum / count));
            }
            return shares;
        }
        ShareRule.RandomBetween bounds = (ShareRule.RandomBetween) rule;
        long left = sum;
        for (int seq = 0; seq < count - 1; seq++) {
            long after = count - seq - 1L;
            long low = Math.max(bounds.min(), left - after * bounds.max());
            long high = Math.min(bounds.max(), left - after * bounds.min());
            long mean = left / (after + 1);
            long half = Math.min(mean - low, high - mean);
            long amount = mean - half + random.nextLong(2 * half + 1);
            shares.add(new Share(seq, amount));
            left -= amount;
        }
        shares.add(new Share(count - 1, left));
        return shares;
    }
}
