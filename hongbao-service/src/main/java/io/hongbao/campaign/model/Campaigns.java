package io.hongbao.campaign.model;

import java.util.List;
import java.util.Optional;

/** The system of record's campaigns: each with its pools' packets, on its sponsor's database. */
public interface Campaigns {

    /** Stores the campaign and its pools (pool {@code i} at index {@code i}), in the caller's transaction. */
    void add(Campaign campaign, CampaignPools pools);

    Optional<Campaign> find(CampaignId id);

    Optional<CampaignPools> pools(CampaignId id);

    /** The newest first. */
    List<Campaign> newest(int limit);
}
