package io.hongbao.campaign.infrastructure;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.KnownCampaigns;
import io.hongbao.campaign.model.LiveCampaign;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * {@link KnownCampaigns} from memory: a campaign's rounds and pools never change once it is opened, so a campaign read once is
 * kept (the most recently used thousand), and the crowd's grabs never ask the database. An unknown id is remembered for
 * a second only, so a campaign opened on another instance is found at once after. Lookups run on {@code blocking},
 * never on the event loop that asks.
 */
public final class CachedCampaigns implements KnownCampaigns {

    private static final int CAMPAIGNS_KEPT = 1_000;
    private static final Duration UNKNOWN_KEPT = Duration.ofSeconds(1);

    private final AsyncLoadingCache<CampaignId, Optional<LiveCampaign>> cache;

    public CachedCampaigns(Campaigns campaigns, Executor blocking) {
        this.cache = Caffeine.newBuilder()
                .maximumSize(CAMPAIGNS_KEPT)
                .expireAfter(new Expiry<CampaignId, Optional<LiveCampaign>>() {
                    @Override
                    public long expireAfterCreate(CampaignId id, Optional<LiveCampaign> live, long now) {
                        return live.isPresent() ? Long.MAX_VALUE : UNKNOWN_KEPT.toNanos();
                    }

                    @Override
                    public long expireAfterUpdate(CampaignId id, Optional<LiveCampaign> live, long now, long current) {
                        return expireAfterCreate(id, live, now);
                    }

                    @Override
                    public long expireAfterRead(CampaignId id, Optional<LiveCampaign> live, long now, long current) {
                        return current;
                    }
                })
                .executor(blocking)
                .buildAsync(campaigns::live);
    }

    @Override
    public CompletionStage<Optional<LiveCampaign>> live(CampaignId id) {
        return cache.get(id);
    }
}
