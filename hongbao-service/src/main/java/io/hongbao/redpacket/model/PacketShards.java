package io.hongbao.redpacket.model;

import io.hongbao.platform.db.DatabaseShards;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Where a red packet lives (ADR 0071, 0083): its id hashes to one of the virtual shards, the Redis shard that holds its
 * live state and event stream; its rows (packet, shares, grabs, escrow legs) are on that virtual shard's database
 * shard, so that one persister batch, drained from one virtual shard's stream, writes one database. Fixed for the life
 * of the data: the same on every JVM and every restart.
 *
 * @param virtualShards {@code hongbao.redpacket.shards}; at least the number of database shards, or some database
 *     would hold no packet
 * @param databases the database shards
 */
public record PacketShards(int virtualShards, DatabaseShards databases) {

    public PacketShards {
        if (virtualShards < databases.count()) {
            throw new IllegalArgumentException("the virtual shards (" + virtualShards
                    + ") must be at least the number of database shards (" + databases.count()
                    + "): each database shard holds the packets of whole virtual shards");
        }
    }

    /** The virtual shard of a packet id: CRC32 of its ASCII, modulo the count. */
    public static int virtualShardOf(String packetId, int virtualShards) {
        CRC32 crc = new CRC32();
        crc.update(packetId.getBytes(StandardCharsets.US_ASCII));
        return (int) (crc.getValue() % virtualShards);
    }

    public int virtualShardOf(String packetId) {
        return virtualShardOf(packetId, virtualShards);
    }

    /** The database shard of the packet's rows: its virtual shard's. */
    public int databaseShardOf(String packetId) {
        return databases.ofVirtualShard(virtualShardOf(packetId));
    }

    /** Whether money can move between the user and the packet in one local transaction. */
    public boolean together(long userId, String packetId) {
        return databases.ofUser(userId) == databaseShardOf(packetId);
    }
}
