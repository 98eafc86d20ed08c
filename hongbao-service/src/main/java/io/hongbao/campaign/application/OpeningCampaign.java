package io.hongbao.campaign.application;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.Campaign;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.CampaignRound;
import io.hongbao.campaign.model.CampaignSplit;
import io.hongbao.campaign.model.Campaigns;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.PoolPlacement;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.group.model.Group;
import io.hongbao.group.model.Groups;
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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * An operator opens a campaign (ADR 0103): in ONE database transaction on the sponsor's database the sponsor is debited
 * into every pool's escrow (every round's, at once), every pool is stored as a packet with its pre-split shares, and
 * the campaign with its rounds and their pools; only after that commit are the pools published to Redis. So no share can be grabbed before its money is held, and each pool is refunded to the
 * sponsor when it expires by the path every packet takes, exactly once.
 */
public final class OpeningCampaign {

    private final Campaigns campaigns;
    private final Groups groups;
    private final RedPackets packets;
    private final EscrowAccounts escrow;
    private final Transactions transactions;
    private final PublishingRedPacket publishing;
    private final PacketShards shards;
    private final Clock clock;
    private final Supplier<RandomGenerator> random;

    public OpeningCampaign(
            Campaigns campaigns,
            Groups groups,
            RedPackets packets,
            EscrowAccounts escrow,
            Transactions transactions,
            PublishingRedPacket publishing,
            PacketShards shards,
            Clock clock,
            Supplier<RandomGenerator> random) {
        this.campaigns = campaigns;
        this.groups = groups;
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
        List<UserId> members = List.of();
        if (command.audience() != null) {
            Optional<Group> group = groups.find(command.audience());
            if (group.isEmpty()) {
                return CompletableFuture.completedFuture(new OpenOutcome.UnknownAudience());
            }
            members = group.get().members();
        }
        Opened opened;
        try {
            opened = store(command, members);
        } catch (SponsorShort refused) {
            return CompletableFuture.completedFuture(new OpenOutcome.InsufficientFunds());
        }
        CompletableFuture<?>[] published = opened.states().stream()
                .map(state -> publishing.publishNew(state).toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(published)
                .thenApply(done -> new OpenOutcome.Opened(opened.campaign(), opened.rounds()));
    }

    /** What the transaction stored: the campaign, its rounds' pools, and each pool's packet as Redis gets it. */
    private record Opened(Campaign campaign, List<CampaignPools> rounds, List<PacketState> states) {}

    /**
     * The pools as stored and funded: each round's pools expire at the round's end, when what is left of them returns
     * to the sponsor; a group's campaign hands each pool the group's members, as a group's packet has.
     *
     * @throws SponsorShort when the sponsor's balance does not cover them: the transaction rolls back every debit
     */
    private Opened store(OpenCampaignCommand command, List<UserId> members) {
        CampaignId id =
                PoolPlacement.campaignId(shards.databases(), command.sponsor().value());
        int[] roundShares = command.rounds().stream()
                .mapToInt(OpenCampaignCommand.Round::shares)
                .toArray();
        List<List<List<Share>>> split =
                CampaignSplit.rounds(command.rule(), command.total(), roundShares, command.pools(), random.get());
        return transactions.inTransaction(() -> {
            Instant now = clock.instant();
            List<PacketState> states = new ArrayList<>();
            List<CampaignPools> rounds = new ArrayList<>();
            List<CampaignRound> planned = new ArrayList<>();
            for (int index = 0; index < roundShares.length; index++) {
                OpenCampaignCommand.Round round = command.rounds().get(index);
                List<List<Share>> pools = split.get(index);
                List<PacketId> ids = PoolPlacement.place(
                        pools.size(), shards, command.sponsor().value());
                for (int pool = 0; pool < ids.size(); pool++) {
                    RedPacket packet = pool(command, ids.get(pool), pools.get(pool), now, round.endsAt());
                    fund(packet, now);
                    packets.add(packet, pools.get(pool));
                    states.add(PacketState.fresh(packet, pools.get(pool), members));
                }
                rounds.add(new CampaignPools(id, index, ids, round.startsAt(), round.endsAt()));
                planned.add(new CampaignRound(index, round.startsAt(), round.endsAt(), round.shares()));
            }
            Campaign campaign = new Campaign(
                    id,
                    command.sponsor(),
                    command.greeting(),
                    command.total(),
                    command.shares(),
                    command.rule(),
                    command.pools(),
                    planned,
                    command.audience(),
                    command.oncePer(),
                    now);
            campaigns.add(campaign, rounds);
            return new Opened(campaign, rounds, states);
        });
    }

    /** One pool as a packet of the sponsor's, for the campaign's audience, expiring with its round. */
    private static RedPacket pool(
            OpenCampaignCommand command, PacketId id, List<Share> shares, Instant now, Instant endsAt) {
        long sum = shares.stream().mapToLong(Share::amount).sum();
        PacketType type = command.rule() instanceof ShareRule.Equal ? PacketType.EQUAL : PacketType.RANDOM;
        return new RedPacket(
                id,
                command.sponsor(),
                type,
                command.greeting(),
                command.audience(),
                Cents.of(sum),
                shares.size(),
                now,
                endsAt);
    }

    private void fund(RedPacket packet, Instant now) {
        if (!escrow.fund(
                packet.sender(),
                packet.total(),
                packet.id().escrowAccount(),
                packet.id().value(),
                now)) {
            // Thrown out of the transaction, which rolls back the pools funded so far: nothing changed.
            throw new SponsorShort();
        }
    }

    /** The sponsor's balance ran out before the last pool was funded. */
    private static final class SponsorShort extends RuntimeException {
        SponsorShort() {
            super("the sponsor's balance does not cover the campaign", null, false, false);
        }
    }
}
