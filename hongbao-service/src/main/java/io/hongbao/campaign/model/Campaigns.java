package io.hongbao.campaign.model;

import java.util.List;
import java.util.Optional;

/** The system of record's campaigns: each with its rounds' pools, on its sponsor's database. */
public interface Campaigns {

    /** Stores the campaign, its rounds and their pools (round {@code i} at index {@code i}), in the caller's transaction. */
    void add(Campaign campaign, List<CampaignPools> rounds);

    Optional<Campaign> find(CampaignId id);

    Optional<LiveCampaign> live(CampaignId id);

    /** The newest first. */
    List<Campaign> newest(int limit);
}
