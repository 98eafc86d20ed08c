package io.hongbao.campaign;

import static io.hongbao.platform.db.ShardedTables.Table.byKey;

import io.hongbao.platform.db.ShardKey;
import io.hongbao.platform.db.ShardedTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the campaigns feature tells the platform about its rows (ADR 0103): a campaign, its rounds and the list of its pools live on
 * the campaign's home database, the one its id names, which is its sponsor's ({@code PoolPlacement}); the pools
 * themselves are red packets and live where packets do. Campaign grabs are not limited per user in Redis: each limit
 * check would cost the crowd a Redis call per tap; the lossy admission of each instance bounds them instead.
 */
@Configuration(proxyBeanMethods = false)
class CampaignPolicies {

    /** A campaign id column: the campaign's home ({@link io.hongbao.platform.db.DatabaseShards#ofId}). */
    static final ShardKey CAMPAIGN = new ShardKey("campaign", (value, shards) -> shards.ofId(value.toString()));

    @Bean
    ShardedTables campaignTables() {
        return ShardedTables.of(
                byKey("campaigns", "id", CAMPAIGN, true),
                byKey("campaign_pools", "campaign_id", CAMPAIGN, true),
                byKey("campaign_rounds", "campaign_id", CAMPAIGN, true));
    }
}
