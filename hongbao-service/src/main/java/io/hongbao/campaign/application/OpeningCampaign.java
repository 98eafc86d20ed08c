package io.hongbao.campaign.application;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.CampaignSplit;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.PoolPlacement;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.platform.db.Transactions;
import io.hongbao.redpacket.model.HotPackets;
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
 * into every pool's escrow and every pool is stored as a packet with its pre-split shares; only after that commit are
 * the pools published to Redis. So no share can be grabbed before its money is held, and each pool is refunded to the
 * sponsor when it expires by the path every packet takes, exactly once.
 */
public final class OpeningCampaign {

    private final RedPackets packets;
    private final EscrowAccounts escrow;
    private final Transactions transactions;
    private final HotPackets hot;
    private final PacketShards shards;
    private final Clock clock;
    private final Supplier<RandomGenerator> random;

    public OpeningCampaign(
            RedPackets packets,
            EscrowAccounts escrow,
            Transactions transactions,
            HotPackets hot,
            PacketShards shards,
            Clock clock,
            Supplier<RandomGenerator> random) {
        this.packets = packets;
        this.escrow = escrow;
        this.transactions = transactions;
        this.hot = hot;
        this.shards = shards;
        this.clock = clock;
        this.random = random;
    }

    /** Stores and funds the pools, then publishes them; completes once every pool is live in Redis. */
    public CompletionStage<OpenOutcome> open(OpenCampaignCommand command) {
        int max = PoolPlacement.maxPools(shards, command.sponsor().value());
        if (command.pools() > max) {
            return CompletableFuture.completedFuture(new OpenOutcome.TooManyPools(max));
        }
        List<PacketState> stored;
        try {
            stored = store(command);
        } catch (SponsorShort refused) {
            return CompletableFuture.completedFuture(new OpenOutcome.InsufficientFunds());
        }
        CampaignPools pools = new CampaignPools(
                CampaignId.generate(),
                stored.stream().map(state -> state.packet().id()).toList());
        CompletableFuture<?>[] published = stored.stream()
                .map(state -> hot.publish(state).toCompletableFuture())
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(published).thenApply(done -> new OpenOutcome.Opened(pools));
    }

    /**
     * The pools as stored and funded.
     *
     * @throws SponsorShort when the sponsor's balance does not cover them: the transaction rolls back every debit
     */
    private List<PacketState> store(OpenCampaignCommand command) {
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
            return states;
        });
    }

    /** The sponsor's balance ran out before the last pool was funded. */
    private static final class SponsorShort extends RuntimeException {
        SponsorShort() {
            super("the sponsor's balance does not cover the campaign", null, false, false);
        }
    }
}
