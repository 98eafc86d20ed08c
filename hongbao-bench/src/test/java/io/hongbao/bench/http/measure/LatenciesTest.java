package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatenciesTest {

    @Test
    void aSlowAnswerInAClosedLoopAlsoRecordsTheRequestsItHeldBack() {
        Latencies latencies = new Latencies(10_000);
        latencies.record(100_000);
        Latencies.Histograms taken = latencies.take();
        assertThat(taken.raw().getTotalCount()).isEqualTo(1);
        // 100 ms at an expected 10 ms interval: the answer plus nine requests that would have gone out meanwhile,
        // which would have waited 90, 80, ... 10 ms.
        assertThat(taken.corrected().getTotalCount()).isEqualTo(10);
        assertThat(taken.corrected().getMinValue()).isBetween(9_990L, 10_010L);
    }

    @Test
    void answersFasterThanTheExpectedIntervalAreRecordedOnce() {
        Latencies latencies = new Latencies(10_000);
        for (int i = 0; i < 100; i++) {
            latencies.record(5_000);
        }
        assertThat(latencies.take().corrected().getTotalCount()).isEqualTo(100);
    }

    @Test
    void withoutAnExpectedIntervalNothingIsAdded() {
        Latencies latencies = new Latencies(0);
        latencies.record(1_000_000);
        assertThat(latencies.take().corrected().getTotalCount()).isEqualTo(1);
    }

    @Test
    void valuesBeyondTheRangeAreClampedNotLost() {
        Latencies latencies = new Latencies(0);
        latencies.record(Long.MAX_VALUE);
        latencies.record(-5);
        Latencies.Histograms taken = latencies.take();
        assertThat(taken.raw().getTotalCount()).isEqualTo(2);
        assertThat(taken.raw().getMaxValue()).isGreaterThanOrEqualTo(Latencies.HIGHEST_MICROS);
    }

    @Test
    void aSummaryReportsMilliseconds() {
        Latencies latencies = new Latencies(0);
        for (int i = 1; i <= 1000; i++) {
            latencies.record(i * 1_000L);
        }
        LatencySummary summary = LatencySummary.of(latencies.take().raw());
        assertThat(summary.count()).isEqualTo(1000);
        assertThat(summary.p50()).isBetween(499.0, 501.0);
        assertThat(summary.p99()).isBetween(989.0, 991.0);
        assertThat(summary.max()).isBetween(999.0, 1001.0);
    }
}
