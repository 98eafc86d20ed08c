package io.hongbao.bench.http.load;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A Zipf-like popularity over {@code n} ranks: rank r (0-based) is chosen with probability proportional to
 * 1 / (r + 1)^exponent. Sampled by inversion over the cumulative weights (a binary search, 12 steps for 4,000 ranks),
 * which also answers the expected share of any top ranks, used to size the packets a run needs. Written here rather
 * than taken from Commons RNG or Commons Math (neither is a dependency of the bench): their Zipf samplers draw a rank
 * but do not answer shares, and the table is a dozen lines.
 */
final class Popularity {

    private final double[] cumulative;

    Popularity(int ranks, double exponent) {
        if (ranks < 1 || exponent < 0 || Double.isNaN(exponent)) {
            throw new IllegalArgumentException("need at least one rank and an exponent >= 0");
        }
        cumulative = new double[ranks];
        double sum = 0;
        for (int r = 0; r < ranks; r++) {
            sum += Math.pow(r + 1, -exponent);
            cumulative[r] = sum;
        }
    }

    int ranks() {
        return cumulative.length;
    }

    int sample(RandomGenerator random) {
        double u = random.nextDouble() * cumulative[cumulative.length - 1];
        int at = Arrays.binarySearch(cumulative, u);
        // Not found: -(insertion point) - 1, the first rank whose cumulative weight exceeds u.
        int rank = at >= 0 ? at + 1 : -at - 1;
        return Math.min(rank, cumulative.length - 1);
    }

    /** The expected share of choices that fall on ranks {@code 0..top-1}. */
    double shareOfTop(int top) {
        if (top <= 0) {
            return 0;
        }
        return cumulative[Math.min(top, cumulative.length) - 1] / cumulative[cumulative.length - 1];
    }
}
