package io.hongbao.campaign.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.group.application.InMemoryGroups;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.GroupId;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.redpacket.application.InMemoryEscrowAccounts;
import io.hongbao.redpacket.application.InMemoryHotPackets;
import io.hongbao.redpacket.application.InMemoryRedPackets;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.RedPacket;
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
    private final InMemoryGroups groups = new InMemoryGroups();
    private final InMemoryRedPackets packets = new InMemoryRedPackets(groups);
    private final InMemoryEscrowAccounts escrow = new InMemoryEscrowAccounts();
    private final InMemoryHotPackets hot = new InMemoryHotPackets(clock, transactions);
    private final StoredCampaigns campaigns = new StoredCampaigns();
    private final PacketShards shards = new PacketShards(64, new DatabaseShards(2));
    private final OpeningCampaign opening = new OpeningCampaign(
            campaigns,
            groups,
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
        CampaignPools pools = onlyRound(outcome);
        assertThat(pools.size()).isEqualTo(16);
        assertThat(escrow.balance(SPONSOR)).isEqualTo(90_000);
        assertThat(escrow.escrowed()).isEqualTo(10_000);
        assertThat(hot.published()).containsExactlyInAnyOrderElementsOf(pools.pools());
        assertThat(hot.publishedInsideATransaction()).isFalse();
        assertThat(campaigns.stored.get(pools.campaign())).containsExactly(pools);
        assertThat(pools.endsAt()).isEqualTo(clock.instant().plus(Duration.ofMinutes(10)));
    }

    @Test
    void everyPoolLivesInAVirtualShardOfItsOwnOnTheSponsorsDatabaseAndSoDoesTheCampaign() {
        escrow.deposit(SPONSOR, 100_000);

        CampaignPools pools = onlyRound(open(10_000, 500, 32));

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

    @Test
    void everyRoundIsFundedAtOnceAndItsPoolsExpireAtItsEndSoWhatIsLeftOfItReturnsThen() {
        escrow.deposit(SPONSOR, 100_000);
        Instant second = clock.instant().plus(Duration.ofMinutes(5));

        OpenOutcome outcome = opening.open(new OpenCampaignCommand(
                        SPONSOR,
                        "rain",
                        9_000,
                        300,
                        new ShareRule.Equal(),
                        8,
                        List.of(
                                new OpenCampaignCommand.Round(clock.instant(), Duration.ofMinutes(1), 100),
                                new OpenCampaignCommand.Round(second, Duration.ofMinutes(2), 200)),
                        null,
                        OncePer.CAMPAIGN))
                .toCompletableFuture()
                .join();

        List<CampaignPools> rounds = ((OpenOutcome.Opened) outcome).rounds();
        assertThat(escrow.balance(SPONSOR)).isEqualTo(91_000);
        assertThat(rounds).extracting(CampaignPools::startsAt).containsExactly(clock.instant(), second);
        assertThat(rounds.get(1).endsAt()).isEqualTo(second.plus(Duration.ofMinutes(2)));
        long firstRound = 0;
        for (PacketId pool : rounds.get(0).pools()) {
            RedPacket packet = packets.find(pool).orElseThrow();
            assertThat(packet.expiresAt()).isEqualTo(rounds.get(0).endsAt());
            firstRound += packet.total().value();
        }
        assertThat(firstRound).as("the first round's part: 100 shares of 30").isEqualTo(3_000);
        assertThat(hot.published()).hasSize(16);
    }

    @Test
    void aGroupsCampaignHandsEveryPoolTheGroupsMembersAndAnUnknownGroupOpensNothing() {
        escrow.deposit(SPONSOR, 100_000);
        GroupId family = GroupId.generate();
        groups.add(new Group(family, "family", SPONSOR, List.of(SPONSOR, UserId.of(8))));

        CampaignPools pools = onlyRound(open(10_000, 500, 4, family));

        for (PacketId pool : pools.pools()) {
            assertThat(packets.find(pool).orElseThrow().groupId()).isEqualTo(family);
            assertThat(packets.state(pool).orElseThrow().members()).containsExactly(SPONSOR, UserId.of(8));
        }
        assertThat(open(10_000, 500, 4, GroupId.generate())).isEqualTo(new OpenOutcome.UnknownAudience());
        assertThat(escrow.balance(SPONSOR)).isEqualTo(90_000);
    }

    private OpenOutcome open(long total, int shares, int pools) {
        return open(total, shares, pools, null);
    }

    private OpenOutcome open(long total, int shares, int pools, GroupId audience) {
        return opening.open(new OpenCampaignCommand(
                        SPONSOR,
                        "rain",
                        total,
                        shares,
                        new ShareRule.RandomBetween(1, 40),
                        pools,
                        List.of(new OpenCampaignCommand.Round(clock.instant(), Duration.ofMinutes(10), shares)),
                        audience,
                        OncePer.CAMPAIGN))
                .toCompletableFuture()
                .join();
    }

    private static CampaignPools onlyRound(OpenOutcome outcome) {
        List<CampaignPools> rounds = ((OpenOutcome.Opened) outcome).rounds();
        assertThat(rounds).hasSize(1);
        return rounds.get(0);
    }

    /** The campaigns stored, in memory. */
    private static final class StoredCampaigns implements Campaigns {
        final Map<CampaignId, List<CampaignPools>> stored = new HashMap<>();
        final Map<CampaignId, Campaign> campaigns = new HashMap<>();

        @Override
        public void add(Campaign campaign, List<CampaignPools> rounds) {
            campaigns.put(campaign.id(), campaign);
            stored.put(campaign.id(), rounds);
        }

        @Override
        public Optional<Campaign> find(CampaignId id) {
            return Optional.ofNullable(campaigns.get(id));
        }

        @Override
        public Optional<LiveCampaign> live(CampaignId id) {
            return find(id).map(campaign -> new LiveCampaign(id, campaign.oncePer(), stored.get(id)));
        }

        @Override
        public List<Campaign> newest(int limit) {
            return List.copyOf(campaigns.values());
        }
    }
}
