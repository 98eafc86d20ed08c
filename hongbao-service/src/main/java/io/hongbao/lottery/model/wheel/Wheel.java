package io.hongbao.lottery.model.wheel;

import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.release.Campaign;
import io.hongbao.lottery.model.release.HourlyWeights;
import io.hongbao.lottery.model.release.ReleasePlan;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * A points-based lottery wheel. Immutable once created: what changes over the campaign (units placed, released and
 * won) lives in the release schedule and the draws.
 */
public record Wheel(
        WheelId id,
        String name,
        long drawCost,
        Consolation consolation,
        List<Prize> prizes,
        Campaign campaign,
        HourlyWeights weights) {

    public static final int MAX_PRIZES = 100;
    /** Every unit is a row and a pool member: this bounds a wheel's storage and its planning work. */
    public static final long MAX_TOTAL_STOCK = 1_000_000;

    public static final long MAX_DRAW_COST = 1_000_000_000L;

    public Wheel {
        Names.check("name", name);
        if (drawCost < 1 || drawCost > MAX_DRAW_COST) {
            throw new IllegalArgumentException("drawCost must be 1.." + MAX_DRAW_COST);
        }
        if (consolation == null || campaign == null || weights == null) {
            throw new IllegalArgumentException("consolation, campaign and weights are required");
        }
        if (prizes == null || prizes.isEmpty() || prizes.size() > MAX_PRIZES) {
            throw new IllegalArgumentException("a wheel has 1.." + MAX_PRIZES + " prizes");
        }
        prizes = List.copyOf(prizes);
        long total = prizes.stream().mapToLong(Prize::stock).sum();
        if (total > MAX_TOTAL_STOCK) {
            throw new IllegalArgumentException("the prizes' stock adds up to at most " + MAX_TOTAL_STOCK);
        }
        if (new HashSet<>(prizes.stream().map(Prize::id).toList()).size() != prizes.size()) {
            throw new IllegalArgumentException("prize ids are unique");
        }
    }

    public Optional<Prize> prize(PrizeId id) {
        return prizes.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    public ReleasePlan releasePlan() {
        return new ReleasePlan(campaign, weights);
    }
}
