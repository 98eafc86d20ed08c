package io.hongbao.bench.http.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {

    @Test
    void theMedianOfAnOddCountIsTheMiddleValue() {
        assertThat(Stats.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Stats(2.0, 1.0, 3.0, 3));
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Stats.of(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(new Stats(2.5, 1.0, 4.0, 4));
    }

    @Test
    void noValuesGiveNoFigures() {
        Stats none = Stats.of(List.of());
        assertThat(none.n()).isZero();
        assertThat(none.median()).isNaN();
    }
}
