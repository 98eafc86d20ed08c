package io.hongbao.campaign.model;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The campaigns' rounds and pools as the grab path looks them up: without blocking, answered from memory once known. */
public interface KnownCampaigns {

    CompletionStage<Optional<LiveCampaign>> live(CampaignId id);
}
