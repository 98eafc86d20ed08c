package io.hongbao.campaign;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.campaign.application.CountingSharesLeft;
import io.hongbao.campaign.application.GrabbingCampaignShare;
import io.hongbao.campaign.application.OpeningCampaign;
import io.hongbao.campaign.application.ReadingCampaigns;
import io.hongbao.campaign.infrastructure.CachedCampaigns;
import io.hongbao.campaign.infrastructure.CachedPoolStocks;
import io.hongbao.campaign.infrastructure.CampaignClaimScript;
import io.hongbao.campaign.infrastructure.CampaignsHoldTogetherCheck;
import io.hongbao.campaign.infrastructure.JdbcCampaigns;
import io.hongbao.campaign.model.CampaignClaims;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.KnownCampaigns;
import io.hongbao.campaign.model.PoolStocks;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.platform.redis.acks.ReplicatedAcknowledgements;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnclaimedShares;
import java.time.Clock;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Campaign packets (ADR 0103): opening one funds and stores its pools (red packets of the sponsor's) and publishes
 * them; grabbing one goes through the red packets' own grab use case for every pool it asks, and through {@code
 * campaign_claim.lua} for the person's claim when their home pool is sold out.
 */
@Configuration(proxyBeanMethods = false)
class CampaignConfiguration {

    @Bean
    Campaigns campaigns(JdbcClient jdbc) {
        return new JdbcCampaigns(jdbc);
    }

    @Bean
    KnownCampaigns knownCampaigns(Campaigns campaigns, Blocking blocking) {
        return new CachedCampaigns(campaigns, blocking.executor());
    }

    @Bean
    CampaignClaims campaignClaims(
            RedisPrimaries primaries, NotExecutedRetry retry, ReplicatedAcknowledgements replicated) {
        return new CampaignClaimScript(primaries, retry, replicated);
    }

    /**
     * Each pool's grab goes through the red packets' own use case, so a pool whose Redis state was lost is rebuilt from
     * the database (with the shares it already gave) on the grab that finds it missing, as any packet is.
     */
    @Bean
    GrabbingCampaignShare grabbingCampaignShare(
            KnownCampaigns known, GrabbingRedPacket grabbing, CampaignClaims claims, Clock clock) {
        return new GrabbingCampaignShare(known, grabbing::grab, claims, clock);
    }

    @Bean
    CampaignsHoldTogetherCheck campaignsHoldTogetherCheck(EachDatabase databases) {
        return new CampaignsHoldTogetherCheck(databases);
    }

    @Bean
    PoolStocks poolStocks(UnclaimedShares unclaimed) {
        return new CachedPoolStocks(unclaimed);
    }

    @Bean
    CountingSharesLeft countingSharesLeft(KnownCampaigns known, PoolStocks stocks, Clock clock) {
        return new CountingSharesLeft(known, stocks, clock);
    }

    @Bean
    ReadingCampaigns readingCampaigns(Campaigns campaigns) {
        return new ReadingCampaigns(campaigns);
    }

    @Bean
    OpeningCampaign openingCampaign(
            Campaigns campaigns,
            Groups groups,
            RedPackets packets,
            EscrowAccounts escrow,
            Transactions transactions,
            PublishingRedPacket publishing,
            PacketShards shards,
            Clock clock) {
        return new OpeningCampaign(
                campaigns,
                groups,
                packets,
                escrow,
                transactions,
                publishing,
                shards,
                clock,
                ThreadLocalRandom::current);
    }
}
