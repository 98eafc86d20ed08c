package io.hongbao.lottery.model.release;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lottery.model.PrizeId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** The release plan's arithmetic (ADR 0020), over many seeded random campaigns. */
class ReleasePlanTest {

    private static final Instant MIDNIGHT = Instant.parse("2031-03-01T00:00:00Z");
    private static final PrizeId PHONE = PrizeId.random();
    private static final PrizeId COUPON = PrizeId.random();

    @Test
    void placesEveryUnitExactlyOnceInsideItsSlotAndTheCampaign() {
        for (long seed = 0; seed < 300; seed++) {
            RandomGenerator random = new SplittableRandom(seed);
            Campaign campaign = randomCampaign(random);
            ReleasePlan plan = new ReleasePlan(campaign, randomWeights(random));
            List<PrizeStock> stocks = List.of(
                    new PrizeStock(PHONE, random.nextInt(20), 0), new PrizeStock(COUPON, random.nextInt(3_000), 0));

            List<HourPlacement> hours = placeInRandomChunks(plan, stocks, random);

            Map<PrizeId, Set<Integer>> seqs = new HashMap<>();
            Map<Instant, HourSlot> slots = new HashMap<>();
            campaign.slotsFrom(campaign.firstHour()).forEach(slot -> slots.put(slot.start(), slot));
            assertThat(hours)
                    .extracting(HourPlacement::hour)
                    .containsExactlyElementsOf(slots.keySet().stream().sorted().toList());
            for (HourPlacement hour : hours) {
                HourSlot slot = slots.get(hour.hour());
                for (PlacedUnit unit : hour.units()) {
                    assertThat(unit.releaseAt())
                            .isBetween(slot.coveredFrom(), slot.coveredUntil().minusMillis(1));
                    assertThat(unit.releaseAt())
                            .isBetween(campaign.startsAt(), campaign.endsAt().minusMillis(1));
                    assertThat(seqs.computeIfAbsent(unit.unit().prizeId(), p -> new HashSet<>())
                                    .add(unit.unit().seq()))
                            .as("unit %s placed once", unit.unit().member())
                            .isTrue();
                }
            }
            for (PrizeStock stock : stocks) {
                assertThat(seqs.getOrDefault(stock.id(), Set.of()))
                        .as("seed %d: all of %s placed by the end", seed, stock)
                        .hasSize(stock.stock())
                        .allMatch(seq -> seq >= 1 && seq <= stock.stock());
            }
        }
    }

    @Test
    void partialFirstAndLastHoursWeighByTheirCoveredFraction() {
        Campaign campaign = new Campaign(MIDNIGHT.plus(Duration.ofMinutes(30)), MIDNIGHT.plus(Duration.ofMinutes(210)));
        List<HourPlacement> hours = new ReleasePlan(campaign, HourlyWeights.uniform())
                .place(
                        campaign.firstHour(),
                        campaign.endsAt(),
                        10,
                        List.of(new PrizeStock(COUPON, 6_000, 0)),
                        new SplittableRandom(7));

        assertThat(hours).extracting(h -> h.units().size()).containsExactly(1_000, 2_000, 2_000, 1_000);
    }

    @Test
    void zeroWeightHoursReleaseNothingExceptTheLastHourWhichTakesTheRest() {
        Campaign campaign = new Campaign(MIDNIGHT, MIDNIGHT.plus(Duration.ofHours(30)));
        Map<Integer, Double> allZero = new HashMap<>();
        for (int h = 0; h < 24; h++) {
            allZero.put(h, 0.0);
        }
        List<HourPlacement> hours = new ReleasePlan(campaign, HourlyWeights.of(allZero))
                .place(
                        MIDNIGHT,
                        campaign.endsAt(),
                        100,
                        List.of(new PrizeStock(PHONE, 17, 0)),
                        new SplittableRandom(3));

        assertThat(hours).hasSize(30);
        assertThat(hours.subList(0, 29)).allMatch(h -> h.units().isEmpty());
        assertThat(hours.get(29).units()).hasSize(17);
    }

    @Test
    void aZeroWeightHourGetsNothingWhileLaterHoursWeighMore() {
        Campaign campaign = new Campaign(MIDNIGHT, MIDNIGHT.plus(Duration.ofDays(2)));
        for (long seed = 0; seed < 50; seed++) {
            List<HourPlacement> hours = new ReleasePlan(campaign, HourlyWeights.of(Map.of(3, 0.0)))
                    .place(
                            MIDNIGHT,
                            campaign.endsAt(),
                            100,
                            List.of(new PrizeStock(COUPON, 5_000, 0)),
                            new SplittableRandom(seed));

            assertThat(hours)
                    .filteredOn(h -> hourOf(h) == 3)
                    .allMatch(h -> h.units().isEmpty());
        }
    }

    @Test
    void placingStopsAtTheGivenInstantAndResumesFromTheCursor() {
        Campaign campaign = new Campaign(MIDNIGHT, MIDNIGHT.plus(Duration.ofHours(10)));
        ReleasePlan plan = new ReleasePlan(campaign, HourlyWeights.uniform());

        List<HourPlacement> first = plan.place(
                MIDNIGHT,
                MIDNIGHT.plus(Duration.ofMinutes(150)),
                100,
                List.of(new PrizeStock(COUPON, 1_000, 0)),
                new SplittableRandom(1));

        assertThat(first)
                .extracting(HourPlacement::hour)
                .containsExactly(MIDNIGHT, MIDNIGHT.plus(Duration.ofHours(1)), MIDNIGHT.plus(Duration.ofHours(2)));
        int placed = first.stream().mapToInt(h -> h.units().size()).sum();
        List<HourPlacement> rest = plan.place(
                MIDNIGHT.plus(Duration.ofHours(3)),
                campaign.endsAt(),
                100,
                List.of(new PrizeStock(COUPON, 1_000, placed)),
                new SplittableRandom(2));
        assertThat(rest).hasSize(7);
        assertThat(rest.get(0).units().get(0).unit().seq()).isGreaterThan(placed);
        assertThat(placed + rest.stream().mapToInt(h -> h.units().size()).sum()).isEqualTo(1_000);
    }

    private static List<HourPlacement> placeInRandomChunks(
            ReleasePlan plan, List<PrizeStock> stocks, RandomGenerator random) {
        List<HourPlacement> all = new ArrayList<>();
        List<PrizeStock> current = new ArrayList<>(stocks);
        Instant cursor = plan.campaign().firstHour();
        while (cursor.isBefore(plan.campaign().endsAt())) {
            Instant until = cursor.plus(Duration.ofMinutes(1 + random.nextInt(600)));
            List<HourPlacement> hours = plan.place(cursor, until, 1 + random.nextInt(50), current, random);
            assertThat(hours).isNotEmpty();
            for (HourPlacement hour : hours) {
                for (int p = 0; p < current.size(); p++) {
                    PrizeId id = current.get(p).id();
                    current.set(p, current.get(p).place((int) hour.units().stream()
                            .filter(u -> u.unit().prizeId().equals(id))
                            .count()));
                }
            }
            all.addAll(hours);
            cursor = hours.get(hours.size() - 1).hour().plus(Duration.ofHours(1));
        }
        return all;
    }

    private static Campaign randomCampaign(RandomGenerator random) {
        Instant start = MIDNIGHT.plusMillis(random.nextInt(48 * 3_600_000));
        return new Campaign(start, start.plusMillis(1 + random.nextInt(5 * 24 * 3_600_000)));
    }

    private static HourlyWeights randomWeights(RandomGenerator random) {
        Map<Integer, Double> weights = new HashMap<>();
        for (int h = 0; h < 24; h++) {
            int kind = random.nextInt(4);
            if (kind == 0) {
                weights.put(h, 0.0);
            } else if (kind == 1) {
                weights.put(h, random.nextDouble() * 10);
            }
        }
        return HourlyWeights.of(weights);
    }

    private static int hourOf(HourPlacement hour) {
        return hour.hour().atOffset(java.time.ZoneOffset.UTC).getHour();
    }
}
