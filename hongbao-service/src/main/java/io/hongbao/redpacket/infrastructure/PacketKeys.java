package io.hongbao.redpacket.infrastructure;

import io.hongbao.redpacket.RedPacketSettings.ShardTags;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketShards;
import io.lettuce.core.cluster.SlotHash;

/**
 * Where a packet lives in Redis. Packets map to a fixed number of virtual shards by a stable hash of their id; every
 * key of a shard carries the shard's hash tag, so each script call touches one Cluster slot: the packet's own keys,
 * the shard's event stream and its expiry zset.
 *
 * <p>With {@link ShardTags#EVEN} (ADR 0071) shard {@code i} of {@code n} gets the first tag of the sequence {@code s0,
 * s1, s2, ...} whose Cluster slot (CRC16 mod 16384) lies in {@code [i*16384/n, (i+1)*16384/n)}: the shards' slots are
 * spread evenly, so the contiguous slot ranges a cluster gives its primaries hold nearly equal numbers of shards. The
 * tags depend on {@code n} alone, so every instance computes the same ones. With {@link ShardTags#LEGACY} the tag is
 * the shard's number, as data written before ADR 0071 has it.
 */
public final class PacketKeys {

    static final int SLOTS = SlotHash.SLOT_COUNT;

    private final int shards;
    private final ShardTags scheme;
    /** {@code rp:{<tag>}:} per shard, computed once: the hot path concatenates, never hashes a tag. */
    private final String[] prefixes;

    /** The default scheme, {@link ShardTags#EVEN}. */
    public PacketKeys(int shards) {
        this(shards, ShardTags.EVEN);
    }

    public PacketKeys(int shards, ShardTags scheme) {
        if (shards < 1 || shards > SLOTS) {
            throw new IllegalArgumentException("between 1 and " + SLOTS + " shards, not " + shards);
        }
        this.shards = shards;
        this.scheme = scheme;
        String[] tags = scheme == ShardTags.EVEN ? evenTags(shards) : numberTags(shards);
        this.prefixes = new String[shards];
        for (int shard = 0; shard < shards; shard++) {
            prefixes[shard] = "rp:{" + tags[shard] + "}:";
        }
    }

    public int shards() {
        return shards;
    }

    public ShardTags scheme() {
        return scheme;
    }

    /** The Cluster slot of the shard's keys. */
    public int slot(int shard) {
        return SlotHash.getSlot(prefixes[shard]);
    }

    /**
     * One pass over the candidates {@code s0, s1, ...}, each given to the shard whose slot range holds its slot if that
     * shard has no tag yet: the same result as searching each shard's first match, in about {@code n ln n} hashes
     * (a few thousand for 256 shards) rather than {@code n} per shard.
     */
    static String[] evenTags(int shards) {
        String[] tags = new String[shards];
        int missing = shards;
        for (long candidate = 0; missing > 0; candidate++) {
            String tag = "s" + candidate;
            int shard = rangeOf(SlotHash.getSlot(tag), shards);
            if (tags[shard] == null) {
                tags[shard] = tag;
                missing--;
            }
        }
        return tags;
    }

    /** The shard {@code i} with {@code i*16384/n <= slot < (i+1)*16384/n} (integer division, as the ranges are cut). */
    static int rangeOf(int slot, int shards) {
        int shard = (int) (((long) slot * shards) / SLOTS);
        while (lowerBound(shard + 1, shards) <= slot) {
            shard++;
        }
        while (lowerBound(shard, shards) > slot) {
            shard--;
        }
        return shard;
    }

    static int lowerBound(int shard, int shards) {
        return (int) (((long) shard * SLOTS) / shards);
    }

    private static String[] numberTags(int shards) {
        String[] tags = new String[shards];
        for (int shard = 0; shard < shards; shard++) {
            tags[shard] = Integer.toString(shard);
        }
        return tags;
    }

    /** CRC32 of the id ({@link PacketShards#virtualShardOf}), which also places the packet's rows in the database. */
    public int shardOf(PacketId id) {
        return PacketShards.virtualShardOf(id.value(), shards);
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

    private String prefix(int shard) {
        return prefixes[shard];
    }
}
