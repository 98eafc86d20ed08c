package io.hongbao.campaign.model;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** How many shares each pool of a round still holds, as Redis says: what the crowd's live counter shows. */
public interface PoolStocks {

    /** Pool {@code i}'s shares left at index {@code i}; 0 for a pool that has expired (or that Redis lost). */
    CompletionStage<List<Long>> sharesLeft(CampaignPools round);
}
