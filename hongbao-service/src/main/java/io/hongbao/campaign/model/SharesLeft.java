package io.hongbao.campaign.model;

import java.util.List;

/**
 * A round's shares left, pool by pool, at one moment: the live counter of a campaign.
 *
 * @param perPool pool {@code i}'s shares left at index {@code i}
 */
public record SharesLeft(CampaignPools round, List<Long> perPool) {

    public SharesLeft {
        perPool = List.copyOf(perPool);
    }

    public long total() {
        return perPool.stream().mapToLong(Long::longValue).sum();
    }
}
