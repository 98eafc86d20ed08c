package io.hongbao.campaign.application;

import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.KnownCampaigns;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.PoolStocks;
import io.hongbao.campaign.model.SharesLeft;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The live counter of a campaign: the shares left in the round that is on (the latest started; before the first, the
 * first), pool by pool. Non-blocking.
 */
public final class CountingSharesLeft {

    private final KnownCampaigns campaigns;
    private final PoolStocks stocks;
    private final Clock clock;

    public CountingSharesLeft(KnownCampaigns campaigns, PoolStocks stocks, Clock clock) {
        this.campaigns = campaigns;
        this.stocks = stocks;
        this.clock = clock;
    }

    /** Empty when nobody opened the campaign. */
    public CompletionStage<Optional<SharesLeft>> sharesLeft(CampaignId id) {
        return campaigns
                .live(id)
                .thenCompose(live -> live.isEmpty()
                        ? CompletableFuture.completedFuture(Optional.empty())
                        : count(live.get()).thenApply(Optional::of));
    }

    private CompletionStage<SharesLeft> count(LiveCampaign campaign) {
        int round = Math.max(0, campaign.roundAt(clock.instant()));
        return stocks.sharesLeft(campaign.round(round))
                .thenApply(perPool -> new SharesLeft(campaign.round(round), perPool));
    }
}
