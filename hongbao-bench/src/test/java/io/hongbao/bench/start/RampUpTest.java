package io.hongbao.bench.start;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RampUpTest {

    @Test
    void theFirstTenSecondsAreTheirMeanAndTheSteadyStateTheMedianOfTheLastThird() {
        List<Long> perSecond = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            perSecond.add(1000L * (s + 1)); // 1,000 .. 10,000: mean 5,500
        }
        for (int s = 10; s < 20; s++) {
            perSecond.add(9000L);
        }
        perSecond.addAll(List.of(10_000L, 10_100L, 9_900L, 10_050L, 20_000L, 9_950L, 10_000L, 10_000L, 10_000L, 10L));
        RampUp ramp = RampUp.of(perSecond);
        assertThat(ramp.firstSeconds()).isEqualTo(5500);
        assertThat(ramp.steady()).isEqualTo(10_000); // the last 10: one stall and one spike leave the median alone
        assertThat(ramp.ratio()).isCloseTo(0.55, within(1e-9));
    }

    @Test
    void aLoadShorterThanTenSecondsGivesNoFigures() {
        RampUp ramp = RampUp.of(List.of(100L, 200L, 300L));
        assertThat(ramp.firstSeconds()).isNaN();
        assertThat(ramp.ratio()).isNaN();
    }

    @Test
    void aLoadThatNeverAnsweredHasNoRatio() {
        RampUp ramp = RampUp.of(List.of(0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L));
        assertThat(ramp.steady()).isZero();
        assertThat(ramp.ratio()).isNaN();
    }
}
