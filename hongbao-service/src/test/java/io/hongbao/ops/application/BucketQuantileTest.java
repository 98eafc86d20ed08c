package io.hongbao.ops.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BucketQuantileTest {

    private static final double[] BOUNDS = {1, 2, 5, 10};

    @Test
    void theQuantileIsInterpolatedWithinTheBucketHoldingItsRankAsPrometheusDoes() {
        // 10 values <= 1 ms, 10 in (1, 2], 80 in (2, 5]: the median (rank 50) is 30/80 of the way from 2 to 5.
        long[] cumulative = {10, 20, 100, 100};

        assertThat(BucketQuantile.of(BOUNDS, cumulative, 100, 0.5)).isCloseTo(2 + 3 * 30.0 / 80, within(1e-9));
        assertThat(BucketQuantile.of(BOUNDS, cumulative, 100, 0.1)).isCloseTo(1.0, within(1e-9));
        assertThat(BucketQuantile.of(BOUNDS, cumulative, 100, 0.05)).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aRankPastTheLastBoundAnswersTheLastBound() {
        // 10 of 100 values are above 10 ms: p99 cannot be told beyond "at least 10".
        assertThat(BucketQuantile.of(BOUNDS, new long[] {0, 0, 50, 90}, 100, 0.99))
                .isEqualTo(10.0);
    }

    @Test
    void emptyBucketsBeforeTheRankAreSkipped() {
        assertThat(BucketQuantile.of(BOUNDS, new long[] {0, 0, 0, 4}, 4, 0.5)).isCloseTo(7.5, within(1e-9));
    }

    @Test
    void nothingCountedHasNoQuantile() {
        assertThat(BucketQuantile.of(BOUNDS, new long[4], 0, 0.5)).isNull();
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> BucketQuantile.of(BOUNDS, new long[4], 1, 1.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
