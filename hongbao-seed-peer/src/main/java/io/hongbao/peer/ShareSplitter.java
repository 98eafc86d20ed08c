package io.hongbao.peer;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/** The sources' "double mean" lucky split: each share is uniform in [1, 2 × mean of what is left − 1] cents. */
final class ShareSplitter {

    private ShareSplitter() {}

    static List<Long> split(long total, int count, RandomGenerator random) {
        if (count < 1 || total < count) {
            throw new IllegalArgumentException("need count >= 1 and total >= count");
        }
        List<Long> shares = new ArrayList<>(count);
        long remaining = total;
        for (int left = count; left > 1; left--) {
            long max = 2 * (remaining / left) - 1;
            // With left >= 2, max <= remaining - (left - 1): every later share can still get a cent.
            long share = max <= 1 ? 1 : 1 + random.nextLong(max);
            shares.add(share);
            remaining -= share;
        }
        shares.add(remaining);
        return shares;
    }
}
