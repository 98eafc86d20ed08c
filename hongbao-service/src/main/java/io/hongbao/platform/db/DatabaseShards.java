package io.hongbao.platform.db;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Which database shard holds a row (ADR 0083): a user's rows (account, ledger legs, points, draws) by the user id, a
 * red packet's rows (packet, shares, grabs, escrow legs) by the packet's virtual shard, the same number the Redis side
 * uses, so that one persister batch, drained from one virtual shard's stream, writes one database shard. With one
 * database every row is on shard 0.
 *
 * @param count the database shards, fixed for the life of the data
 * @param virtualShards the red packets' virtual shards ({@code hongbao.redpacket.shards}); at least {@code count},
 *     or some database shard would hold no packet
 */
public record DatabaseShards(int count, int virtualShards) {

    public DatabaseShards {
        if (count < 1) {
            throw new IllegalArgumentException("at least one database shard, not " + count);
        }
        if (virtualShards < count) {
            throw new IllegalArgumentException("hongbao.redpacket.shards (" + virtualShards
                    + ") must be at least the number of database shards (" + count
                    + "): each database shard holds the packets of whole virtual shards");
        }
    }

    /** The virtual shard of a packet id: CRC32 of its ASCII, the same on every JVM and every restart. */
    public static int virtualShardOf(String packetId, int virtualShards) {
        CRC32 crc = new CRC32();
        crc.update(packetId.getBytes(StandardCharsets.US_ASCII));
        return (int) (crc.getValue() % virtualShards);
    }

    public int ofUser(long userId) {
        return (int) Math.floorMod(userId, (long) count);
    }

    public int ofVirtualShard(int virtualShard) {
        return virtualShard % count;
    }

    public int ofPacket(String packetId) {
        return ofVirtualShard(virtualShardOf(packetId, virtualShards));
    }

    /** Whether money can move between the user and the packet in one local transaction. */
    public boolean together(long userId, String packetId) {
        return ofUser(userId) == ofPacket(packetId);
    }
}
