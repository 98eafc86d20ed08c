package io.hongbao.bench.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PopularityTest {

    @Test
    void ranksAreChosenInProportionToOneOverTheirPosition() {
        Popularity zipf = new Popularity(4, 1.0);
        int[] chosen = new int[4];
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 250_000; i++) {
            chosen[zipf.sample(random)]++;
        }
        // weights 1, 1/2, 1/3, 1/4 over their sum 25/12
        double[] expected = {12 / 25.0, 6 / 25.0, 4 / 25.0, 3 / 25.0};
        for (int r = 0; r < 4; r++) {
            assertThat(chosen[r] / 250_000.0).as("rank %d", r).isCloseTo(expected[r], within(0.005));
        }
        assertThat(zipf.shareOfTop(1)).isCloseTo(12 / 25.0, within(1e-12));
        assertThat(zipf.shareOfTop(4)).isEqualTo(1.0);
        assertThat(zipf.shareOfTop(0)).isZero();
    }

    @Test
    void anExponentOfZeroIsUniformAndEveryRankCanBeChosen() {
        Popularity flat = new Popularity(10, 0);
        int[] chosen = new int[10];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 100_000; i++) {
            chosen[flat.sample(random)]++;
        }
        assertThat(java.util.Arrays.stream(chosen).boxed())
                .allSatisfy(count -> assertThat(count).isBetween(9_500, 10_500));
        assertThat(new Popularity(1, 1.0).sample(random)).isZero();
    }

    @Test
    void withTheDefaultsTheTopOnePercentOfRanksDrawAboutHalfTheGrabs() {
        assertThat(new Popularity(4_000, 1.0).shareOfTop(40)).isBetween(0.45, 0.52);
    }

    @Test
    void refusesNoRanksAndNegativeExponents() {
        assertThatThrownBy(() -> new Popularity(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Popularity(5, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
