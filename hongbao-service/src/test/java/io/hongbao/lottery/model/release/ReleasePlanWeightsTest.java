package io.hongbao.lottery.model.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.lottery.model.PrizeId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The release plan follows the weights (within the stated tolerance) and spreads scarce prizes (ADR 0020). */
class ReleasePlanWeightsTest {

    private static final Instant MIDNIGHT = Instant.parse("2031-03-01T00:00:00Z");
    private static final PrizeId PHONE = PrizeId.random();
    private static final PrizeId COUPON = PrizeId.random();

    @Test
    void hoursGetTheStockInProportionToTheirWeights() {
        // Three days, evening hours weigh 3: ideal per hour = stock × weight / (3 × 28).
        Campaign campaign = new Campaign(MIDNIGHT, MIDNIGHT.plus(Duration.ofDays(3)));
        HourlyWeights weights = HourlyWeights.of(Map.of(20, 3.0, 21, 3.0));
        int stock = 8_400;
        for (long seed = 0; seed < 50; seed++) {
            List<HourPlacement> hours = new ReleasePlan(campaign, weights)
                    .place(
                            MIDNIGHT,
                            campaign.endsAt(),
                            1_000,
                            List.of(new PrizeStock(COUPON, stock, 0)),
                            new SplittableRandom(seed));

            for (HourPlacement hour : hours) {
                double ideal = stock * weights.weight(hourOf(hour)) / 84.0;
                assertThat((double) hour.units().size())
                        .as("seed %d, hour %s", seed, hour.hour())
                        .isCloseTo(ideal, within(ReleasePlanTolerance.unitsOff(ideal)));
            }
        }
    }

    @Test
    void aScarcePrizeSpreadsOverTheCampaignInsteadOfPilingUpInTheLastHour() {
        Campaign campaign = new Campaign(MIDNIGHT, MIDNIGHT.plus(Duration.ofHours(100)));
        int[] unitsPerHour = new int[100];
        int runs = 2_000;
        for (long seed = 0; seed < runs; seed++) {
            List<HourPlacement> hours = new ReleasePlan(campaign, HourlyWeights.uniform())
                    .place(
                            MIDNIGHT,
                            campaign.endsAt(),
                            100,
                            List.of(new PrizeStock(PHONE, 5, 0)),
                            new SplittableRandom(seed));
            for (int h = 0; h < hours.size(); h++) {
                unitsPerHour[h] += hours.get(h).units().size();
            }
        }
        // 10,000 phones over 100 hours: 100 per hour expected; the last hour no more than any other.
        assertThat((double) unitsPerHour[99]).isCloseTo(100.0, within(40.0));
        assertThat((double) unitsPerHour[0]).isCloseTo(100.0, within(40.0));
        assertThat((double) sum(unitsPerHour, 0, 50)).isCloseTo(5_000.0, within(300.0));
    }

    @Test
    void stochasticRoundingKeepsTheExpectedCountExact() {
        RandomGenerator random = new SplittableRandom(11);
        long total = 0;
        int trials = 100_000;
        for (int i = 0; i < trials; i++) {
            int units = ReleasePlan.unitsFor(7, 0.1, random);
            assertThat(units).isBetween(0, 1);
            total += units;
        }
        assertThat(total / (double) trials).isCloseTo(0.7, within(0.01));
        assertThat(ReleasePlan.share(0.0, 5.0)).isZero();
        assertThat(ReleasePlan.share(2.0, 0.0)).isZero();
        assertThat(ReleasePlan.share(2.0, 1.999999)).isEqualTo(1.0);
    }

    private static int hourOf(HourPlacement hour) {
        return hour.hour().atOffset(java.time.ZoneOffset.UTC).getHour();
    }

    private static int sum(int[] values, int from, int to) {
        int sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum;
    }
}
