package io.hongbao.lottery.model.release;

import io.hongbao.lottery.model.UnitRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * How a campaign spreads each prize's stock over its hours (ADR 0020).
 *
 * <p>A slot's weight is its hour-of-day weight times the part of the hour the campaign covers. When a slot is placed,
 * each prize puts {@code unplaced × slotWeight / (sum of the weights of this and every later slot)} of its still
 * unplaced units into it. The expected count is rounded stochastically (floor, plus one with the probability of the
 * fraction), so that a prize with fewer units than hours spreads over the campaign in proportion to the weights
 * instead of piling up in the last hour. The last slot takes everything left, so all stock is released by
 * {@code endsAt}; when every remaining slot weighs 0, the units wait for that last slot too. Each unit gets a uniformly
 * random moment inside the covered part of its slot.
 */
public record ReleasePlan(Campaign campaign, HourlyWeights weights) {

    public double weightOf(HourSlot slot) {
        return weights.weight(slot.hourOfDay()) * slot.coveredFraction();
    }

    /**
     * Places the slots from {@code fromHour} (the first slot not yet placed) while they start before {@code until}, at
     * most {@code maxSlots} of them.
     *
     * @param stocks every prize's stock and how much of it earlier slots already placed
     */
    public List<HourPlacement> place(
            Instant fromHour, Instant until, int maxSlots, List<PrizeStock> stocks, RandomGenerator random) {
        List<HourSlot> slots = campaign.slotsFrom(fromHour);
        double[] laterWeight = weightsFromEachSlotOn(slots);
        List<PrizeStock> current = new ArrayList<>(stocks);
        List<HourPlacement> placements = new ArrayList<>();
        for (int k = 0; k < slots.size() && k < maxSlots && slots.get(k).start().isBefore(until); k++) {
            HourSlot slot = slots.get(k);
            double share = k == slots.size() - 1 ? 1.0 : share(weightOf(slot), laterWeight[k]);
            List<PlacedUnit> units = new ArrayList<>();
            for (int p = 0; p < current.size(); p++) {
                PrizeStock prize = current.get(p);
                int count = unitsFor(prize.unplaced(), share, random);
                for (int i = 1; i <= count; i++) {
                    units.add(new PlacedUnit(new UnitRef(prize.id(), prize.placed() + i), momentIn(slot, random)));
                }
                current.set(p, prize.place(count));
            }
            placements.add(new HourPlacement(slot.start(), units));
        }
        return placements;
    }

    /** The fraction of the unplaced stock a slot takes: its weight over the weight of it and all later slots. */
    static double share(double slotWeight, double weightFromHereOn) {
        if (slotWeight <= 0 || weightFromHereOn <= 0) {
            return 0.0;
        }
        return Math.min(1.0, slotWeight / weightFromHereOn);
    }

    /** {@code unplaced × share}, rounded down or up at random so that the expected count is exact. */
    static int unitsFor(int unplaced, double share, RandomGenerator random) {
        double expected = unplaced * share;
        int whole = (int) Math.floor(expected);
        int count = random.nextDouble() < expected - whole ? whole + 1 : whole;
        return Math.max(0, Math.min(unplaced, count));
    }

    private static Instant momentIn(HourSlot slot, RandomGenerator random) {
        return slot.coveredFrom().plusMillis(random.nextLong(slot.coveredMillis()));
    }

    /** Suffix sums, computed once per call so that placing n slots costs O(n), not O(n²). */
    private double[] weightsFromEachSlotOn(List<HourSlot> slots) {
        double[] sums = new double[slots.size()];
        double sum = 0;
        for (int k = slots.size() - 1; k >= 0; k--) {
            sum += weightOf(slots.get(k));
            sums[k] = sum;
        }
        return sums;
    }
}
