package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.model.PacketId;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Where a packet lives in Redis. Packets map to a fixed number of virtual shards by a stable hash of their id; every
 * key of a shard carries the hash tag {@code {<shard>}}, so each script call touches one Cluster slot: the packet's
 * own keys, the shard's event stream and its expiry zset.
 */
public final class PacketKeys {

    private final int shards;

    public PacketKeys(int shards) {
        if (shards < 1) {
            throw new IllegalArgumentException("at least one shard");
        }
        this.shards = shards;
    }

    public int shards() {
        return shards;
    }

    /** CRC32 of the id: the same on every JVM and every restart (String.hashCode would be too, but is weaker). */
    public int shardOf(PacketId id) {
        CRC32 crc = new CRC32();
        crc.update(id.value().getBytes(StandardCharsets.US_ASCII));
        return (int) (crc.getValue() % shards);
    }

    public String packet(PacketId id) {
        return prefix(shardOf(id)) + "p:" + id.value();
    }

    public String shares(PacketId id) {
        return prefix(shardOf(id)) + "q:" + id.value();
    }

    public String grabbed(PacketId id) {
        return prefix(shardOf(id)) + "g:" + id.value();
    }

    public String members(PacketId id) {
        return prefix(shardOf(id)) + "m:" + id.value();
    }

    /**
     * Writes the packet's four keys as grab_packets.lua expects them (packet, shares, grabbed, members) into
     * {@code target} from {@code offset}. The caller already knows the packet's shard ({@link #shardOf}), so the hot
     * path hashes each id once, not once per key.
     */
    public void copyPacketKeys(int shard, PacketId id, String[] target, int offset) {
        String prefix = prefix(shard);
        String value = id.value();
        target[offset] = prefix + "p:" + value;
        target[offset + 1] = prefix + "q:" + value;
        target[offset + 2] = prefix + "g:" + value;
        target[offset + 3] = prefix + "m:" + value;
    }

    public String stream(int shard) {
        return prefix(shard) + "events";
    }

    public String expiry(int shard) {
        return prefix(shard) + "expiry";
    }

    /**
     * The shard's dead-letter stream: entries of {@link #stream(int)} the persister could not write, moved there with
     * the reason. Same hash tag as the shard's stream, so one script moves an entry between the two.
     */
    public String deadLetters(int shard) {
        return prefix(shard) + "dead";
    }

    public String stream(PacketId id) {
        return stream(shardOf(id));
    }

    public String expiry(PacketId id) {
        return expiry(shardOf(id));
    }

    private static String prefix(int shard) {
        return "rp:{" + shard + "}:";
    }
}
