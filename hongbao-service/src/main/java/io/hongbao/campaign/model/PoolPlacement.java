package io.hongbao.campaign.model;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.ids.OpaqueIds;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a campaign's pools live (ADR 0103): each in a virtual shard of its own, spread evenly over the virtual shards
 * of the sponsor's database. The virtual shards' slots are spread evenly over the Cluster's slots (ADR 0071), and so
 * are those of any one database, so the pools, and the grabs of the people at home in them, spread evenly over the
 * primaries. Keeping them on the sponsor's database makes funding every pool, and refunding what is left, one local
 * transaction there, as for any packet the sponsor sends (ADR 0084); the shares' payouts to grabbers on other
 * databases go the way every packet's do.
 */
public final class PoolPlacement {

    private PoolPlacement() {}

    /** The most pools a sponsor's campaign can have: one per virtual shard of their database. */
    public static int maxPools(PacketShards shards, long sponsor) {
        return sponsorsShards(shards, sponsor).size();
    }

    /**
     * Fresh packet ids for {@code pools} pools, pool {@code i} in the {@code i * n / pools}-th of the sponsor's
     * database's {@code n} virtual shards. An id lands in a shard by its hash, so ids are drawn until one lands there:
     * about as many draws per pool as there are virtual shards, a few thousand hashes for a whole campaign.
     */
    public static List<PacketId> place(int pools, PacketShards shards, long sponsor) {
        List<Integer> candidates = sponsorsShards(shards, sponsor);
        if (pools < 1 || pools > candidates.size()) {
            throw new IllegalArgumentException(
                    "between 1 and " + candidates.size() + " pools on the sponsor's database, not " + pools);
        }
        List<PacketId> ids = new ArrayList<>(pools);
        for (int pool = 0; pool < pools; pool++) {
            int shard = candidates.get((int) ((long) pool * candidates.size() / pools));
            ids.add(idIn(shard, shards));
        }
        return ids;
    }

    /**
     * A fresh campaign id whose home database ({@link DatabaseShards#ofId}) is the sponsor's: the campaign's rows are
     * written in the transaction that funds its pools there.
     */
    public static CampaignId campaignId(DatabaseShards databases, long sponsor) {
        int database = databases.ofUser(sponsor);
        while (true) {
            CampaignId id = CampaignId.generate();
            if (databases.ofId(id.value()) == database) {
                return id;
            }
        }
    }

    private static PacketId idIn(int shard, PacketShards shards) {
        while (true) {
            String id = OpaqueIds.next();
            if (shards.virtualShardOf(id) == shard) {
                return new PacketId(id);
            }
        }
    }

    private static List<Integer> sponsorsShards(PacketShards shards, long sponsor) {
        int database = shards.databases().ofUser(sponsor);
        List<Integer> own = new ArrayList<>();
        for (int shard = 0; shard < shards.virtualShards(); shard++) {
            if (shards.databases().ofVirtualShard(shard) == database) {
                own.add(shard);
            }
        }
        return own;
    }
}
