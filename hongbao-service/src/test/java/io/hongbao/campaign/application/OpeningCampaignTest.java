package io.hongbao.campaign.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.group.application.InMemoryGroups;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.redpacket.application.InMemoryEscrowAccounts;
import io.hongbao.redpacket.application.InMemoryHotPackets;
import io.hongbao.redpacket.application.InMemoryRedPackets;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.support.InMemoryTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class OpeningCampaignTest {

    private static final UserId SPONSOR = UserId.of(7);

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
    private final InMemoryTransactions transactions = new InMemoryTransactions();
    private final InMemoryRedPackets packets = new InMemoryRedPackets(new InMemoryGroups());
    private final InMemoryEscrowAccounts escrow = new InMemoryEscrowAccounts();
    private final InMemoryHotPackets hot = new InMemoryHotPackets(clock, transactions);
    private final StoredCampaigns campaigns = new StoredCampaigns();
    private final PacketShards shards = new PacketShards(64, new DatabaseShards(2));
    private final OpeningCampaign opening = new OpeningCampaign(
            campaigns,
            packets,
            escrow,
            transactions,
            new PublishingRedPacket(packets, hot, id -> CompletableFuture.completedFuture(false), Runnable::run),
            shards,
            clock,
            () -> new SplittableRandom(5));

    @Test
    void openingFundsEveryPoolFromTheSponsorAndPublishesThemAfterTheCommit() {
        escrow.deposit(SPONSOR, 100_000);

        OpenOutcome outcome = open(10_000, 500, 16);

        assertThat(outcome).isInstanceOf(OpenOutcome.Opened.class);
        CampaignPools pools = ((OpenOutcome.Opened) outcome).pools();
        assertThat(pools.size()).isEqualTo(16);
        assertThat(escrow.balance(SPONSOR)).isEqualTo(90_000);
        assertThat(escrow.escrowed()).isEqualTo(10_000);
        assertThat(hot.published()).containsExactlyInAnyOrderElementsOf(pools.pools());
        assertThat(hot.publishedInsideATransaction()).isFalse();
        assertThat(campaigns.pools(pools.campaign())).contains(pools);
        assertThat(pools.endsAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));
    }

    @Test
    void everyPoolLivesInAVirtualShardOfItsOwnOnTheSponsorsDatabaseAndSoDoesTheCampaign() {
        escrow.deposit(SPONSOR, 100_000);

        CampaignPools pools = ((OpenOutcome.Opened) open(10_000, 500, 32)).pools();

        int database = shards.databases().ofUser(SPONSOR.value());
        List<Integer> virtualShards = new ArrayList<>();
        for (PacketId pool : pools.pools()) {
            virtualShards.add(shards.virtualShardOf(pool.value()));
            assertThat(shards.databaseShardOf(pool.value())).isEqualTo(database);
        }
        assertThat(new HashSet<>(virtualShards)).hasSize(32);
        assertThat(shards.databases().ofId(pools.campaign().value())).isEqualTo(database);
    }

    @Test
    void moreSharesThanTheSponsorsBalanceCoversOpenNothing() {
        OpenOutcome outcome = open(10_000, 500, 16);

        assertThat(outcome).isEqualTo(new OpenOutcome.InsufficientFunds());
        assertThat(hot.published()).isEmpty();
        assertThat(campaigns.stored).isEmpty();
    }

    @Test
    void morePoolsThanTheSponsorsDatabaseHasVirtualShardsAreRefused() {
        escrow.deposit(SPONSOR, 100_000);

        assertThat(open(10_000, 500, 33)).isEqualTo(new OpenOutcome.TooManyPools(32));
        assertThat(escrow.balance(SPONSOR)).isEqualTo(100_000);
    }

    private OpenOutcome open(long total, int shares, int pools) {
        return opening.open(new OpenCampaignCommand(
                        SPONSOR,
                        "rain",
                        total,
                        shares,
                        new ShareRule.RandomBetween(1, 40),
                        pools,
                        Duration.ofMinutes(10)))
                .toCompletableFuture()
                .join();
    }

    /** The campaigns stored, in memory. */
    private static final class StoredCampaigns implements Campaigns {
        final Map<CampaignId, CampaignPools> stored = new HashMap<>();
        final Map<CampaignId, Campaign> campaigns = new HashMap<>();

        @Override
        public void add(Campaign campaign, CampaignPools pools) {
            campaigns.put(campaign.id(), campaign);
            stored.put(campaign.id(), pools);
        }

        @Override
        public Optional<Campaign> find(CampaignId id) {
            return Optional.ofNullable(campaigns.get(id));
        }

        @Override
        public Optional<CampaignPools> pools(CampaignId id) {
            return Optional.ofNullable(stored.get(id));
        }

        @Override
        public List<Campaign> newest(int limit) {
            return List.copyOf(campaigns.values());
        }
    }
}
