package io.hongbao.campaign.application;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.CampaignSplit;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.PoolPlacement;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.PacketType;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.Share;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * An operator opens a campaign (ADR 0103): in ONE database transaction on the sponsor's database the sponsor is debited
 * into every pool's escrow, every pool is stored as a packet with its pre-split shares, and the campaign with the list
 * of its pools; only after that commit are
 * the pools published to Redis. So no share can be grabbed before its money is held, and each pool is refunded to the
 * sponsor when it expires by the path every packet takes, exactly once.
 */
public final class OpeningCampaign {

    private final Campaigns campaigns;
    private final RedPackets packets;
    private final EscrowAccounts escrow;
    private final Transactions transactions;
    private final PublishingRedPacket publishing;
    private final PacketShards shards;
    private final Clock clock;
    private final Supplier<RandomGenerator> random;

    public OpeningCampaign(
            Campaigns campaigns,
            RedPackets packets,
            EscrowAccounts escrow,
            Transactions transactions,
            PublishingRedPacket publishing,
            PacketShards shards,
            Clock clock,
            Supplier<RandomGenerator> random) {
        this.campaigns = campaigns;
        this.packets = packets;
        this.escrow = escrow;
        this.transactions = transactions;
        this.publishing = publishing;
        this.shards = shards;
        this.clock = clock;
        this.random = random;
    }

    /** The most pools a campaign of {@code sponsor} can have: one per virtual shard of their database. */
    public int mostPools(UserId sponsor) {
        return PoolPlacement.maxPools(shards, sponsor.value());
    }

    /**
     * Stores and funds the pools, then publishes them; completes once every pool is live in Redis. A pool whose publish
     * failed is published by the packets' recovery, as any packet sent is (its row says it is not yet published).
     */
    public CompletionStage<OpenOutcome> open(OpenCampaignCommand command) {
        int max = PoolPlacement.maxPools(shards, command.sponsor().value());
        if (command.pools() > max) {
            return CompletableFuture.completedFuture(new OpenOutcome.TooManyPools(max));
        }
        Opened opened;
        try {
            opened = store(command);
        } catch (SponsorShort refused) {
            return CompletableFuture.completedFuture(new OpenOutcome.InsufficientFunds());
        }
        CompletableFuture<?>[] published = opened.states().stream()
                .map(state -> publishing.publishNew(state).toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(published)
                .thenApply(done -> new OpenOutcome.Opened(opened.campaign(), opened.pools()));
    }

    /** What the transaction stored: the campaign, its pools, and each pool's packet as Redis gets it. */
    private record Opened(Campaign campaign, CampaignPools pools, List<PacketState> states) {}

    /**
     * The pools as stored and funded.
     *
     * @throws SponsorShort when the sponsor's balance does not cover them: the transaction rolls back every debit
     */
    private Opened store(OpenCampaignCommand command) {
        CampaignId id =
                PoolPlacement.campaignId(shards.databases(), command.sponsor().value());
        List<PacketId> ids =
                PoolPlacement.place(command.pools(), shards, command.sponsor().value());
        List<List<Share>> split =
                CampaignSplit.pools(command.rule(), command.total(), command.shares(), command.pools(), random.get());
        PacketType type = command.rule() instanceof ShareRule.Equal ? PacketType.EQUAL : PacketType.RANDOM;
        return transactions.inTransaction(() -> {
            Instant now = clock.instant();
            List<PacketState> states = new ArrayList<>(ids.size());
            for (int pool = 0; pool < ids.size(); pool++) {
                List<Share> shares = split.get(pool);
                long sum = shares.stream().mapToLong(Share::amount).sum();
                RedPacket packet = new RedPacket(
                        ids.get(pool),
                        command.sponsor(),
                        type,
                        command.greeting(),
                        null,
                        Cents.of(sum),
                        shares.size(),
                        now,
                        now.plus(command.lasts()));
                if (!escrow.fund(
                        command.sponsor(),
                        packet.total(),
                        packet.id().escrowAccount(),
                        packet.id().value(),
                        now)) {
                    // Thrown out of the transaction, which rolls back the pools funded so far: nothing changed.
                    throw new SponsorShort();
                }
                packets.add(packet, shares);
                states.add(PacketState.fresh(packet, shares, List.of()));
            }
            Campaign campaign = new Campaign(
                    id,
                    command.sponsor(),
                    command.greeting(),
                    command.total(),
                    command.shares(),
                    command.rule(),
                    ids.size(),
                    now,
                    now.plus(command.lasts()));
            CampaignPools pools = new CampaignPools(id, ids, campaign.endsAt());
            campaigns.add(campaign, pools);
            return new Opened(campaign, pools, states);
        });
    }

    /** The sponsor's balance ran out before the last pool was funded. */
    private static final class SponsorShort extends RuntimeException {
        SponsorShort() {
            super("the sponsor's balance does not cover the campaign", null, false, false);
        }
    }
}
