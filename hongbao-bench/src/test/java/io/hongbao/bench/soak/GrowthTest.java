package io.hongbao.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class GrowthTest {

    /** 30 minutes sampled every 10 s, the RSS at t seconds given by {@code rss}. */
    private static List<SoakSample> run(DoubleUnaryOperator rss) {
        List<SoakSample> samples = new ArrayList<>();
        for (int t = 0; t <= 1800; t += 10) {
            samples.add(new SoakSample(t, 300, rss.applyAsDouble(t), 1000, 0));
        }
        return samples;
    }

    @Test
    void aFlatRssAfterTheWarmUpIsNoGrowth() {
        // climbs for the first five minutes (the warm-up, left out), then stays
        Growth growth = Growth.of(run(t -> t < 300 ? 200 + t : 500), 1800, SoakSample::rssMb);
        assertThat(growth.secondSixthMb()).isEqualTo(500);
        assertThat(growth.lastSixthMb()).isEqualTo(500);
        assertThat(growth.lastOverSecondPercent()).isZero();
        assertThat(growth.slopeMbPer10Min()).isCloseTo(0, within(1e-9));
        assertThat(growth.verdict()).isEqualTo(Growth.NO_GROWTH);
    }

    @Test
    void theSlopeIsInMegabytesPerTenMinutesAndAShareOfTheSecondHalfsMean() {
        // 1 MB a minute: 10 MB per 10 minutes, about 2 % of 500 MB
        Growth growth = Growth.of(run(t -> 470 + t / 60), 1800, SoakSample::rssMb);
        assertThat(growth.slopeMbPer10Min()).isCloseTo(10, within(1e-9));
        double secondHalfMean = 470 + (900 + 1800) / 2.0 / 60;
        assertThat(growth.slopePercentPer10Min()).isCloseTo(10 / secondHalfMean * 100, within(1e-9));
        // the last sixth (25..30 min) against the second (5..10 min): about 20 MB more, under 5 %
        assertThat(growth.lastSixthMb() - growth.secondSixthMb()).isCloseTo(20, within(0.5));
    }

    @Test
    void aSteadyClimbOfMoreThanTwoPercentPerTenMinutesIsGrowth() {
        Growth growth = Growth.of(run(t -> 400 + t / 30), 1800, SoakSample::rssMb);
        assertThat(growth.slopePercentPer10Min()).isGreaterThan(Growth.SLOPE_LIMIT_PERCENT);
        assertThat(growth.verdict()).isEqualTo(Growth.GROWTH);
    }

    @Test
    void aLastSixthMoreThanFivePercentAboveTheSecondIsGrowthEvenWithoutASlopeAtTheEnd() {
        // a step at 12 minutes, flat before and after: the second half's slope is zero
        Growth growth = Growth.of(run(t -> t < 720 ? 500 : 540), 1800, SoakSample::rssMb);
        assertThat(growth.slopeMbPer10Min()).isCloseTo(0, within(1e-9));
        assertThat(growth.lastOverSecondPercent()).isCloseTo(8, within(1e-9));
        assertThat(growth.verdict()).isEqualTo(Growth.GROWTH);
    }

    @Test
    void samplesAfterTheLoadAndFailedScrapesAreLeftOut() {
        List<SoakSample> samples = new ArrayList<>(run(t -> 500));
        samples.add(new SoakSample(1805, 300, 900, 0, 0));
        samples.add(new SoakSample(1500, 300, Double.NaN, 1000, 0));
        assertThat(Growth.of(samples, 1800, SoakSample::rssMb).verdict()).isEqualTo(Growth.NO_GROWTH);
    }

    @Test
    void aSixthWithoutSamplesGivesNoVerdict() {
        List<SoakSample> samples = List.of(new SoakSample(0, 1, 1, 0, 0), new SoakSample(1700, 1, 1, 0, 0));
        assertThat(Growth.of(samples, 1800, SoakSample::rssMb).verdict()).isEqualTo(Growth.TOO_FEW);
    }

    @Test
    void aNinetySecondRunSampledEveryTenSecondsHasAVerdict() {
        List<SoakSample> samples = new ArrayList<>();
        for (int t = 0; t <= 90; t += 10) {
            samples.add(new SoakSample(t, 100, 400, 300, 0));
        }
        assertThat(Growth.of(samples, 90, SoakSample::rssMb).verdict()).isEqualTo(Growth.NO_GROWTH);
    }
}
