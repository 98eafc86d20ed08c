package io.hongbao.redpacket.infrastructure.storage;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketIds;
import io.hongbao.redpacket.model.PacketShards;

/**
 * Draws random ids until one falls on the sender's database shard (ADR 0084). The id's hash is uniform, so a draw
 * lands there with probability 1/shards: {@code shards} draws on average, a few microseconds, and with one database
 * the first draw is always right. Packets still spread evenly over the virtual shards: the senders are spread over
 * the database shards, and each shard's packets over its virtual shards.
 */
public final class PlacedPacketIds implements PacketIds {

    private final PacketShards shards;

    public PlacedPacketIds(PacketShards shards) {
        this.shards = shards;
    }

    @Override
    public PacketId next(UserId sender) {
        int home = shards.databases().ofUser(sender.value());
        while (true) {
            PacketId candidate = PacketId.generate();
            if (shards.databaseShardOf(candidate.value()) == home) {
                return candidate;
            }
        }
    }
}
