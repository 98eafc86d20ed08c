package io.hongbao.campaign.application;

import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.Campaigns;
import java.util.List;
import java.util.Optional;

/** Campaigns as people and operators look them up. Blocking: call it off the event loop. */
public final class ReadingCampaigns {

    private final Campaigns campaigns;

    public ReadingCampaigns(Campaigns campaigns) {
        this.campaigns = campaigns;
    }

    public Optional<Campaign> campaign(CampaignId id) {
        return campaigns.find(id);
    }

    public List<Campaign> newest(int limit) {
        return campaigns.newest(limit);
    }
}
