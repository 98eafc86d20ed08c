package io.hongbao.lab.infrastructure.storage;

/**
 * Redis key names of the lab. Every key one command or script touches shares one hash tag {@code {...}}, so the
 * strategies run unchanged on Redis Cluster: per packet for the simple list strategies, per (run, shard) for the Lua
 * strategies, whose scripts also append to a consumed list that a writer drains shard by shard.
 */
public final class LabKeys {

    /** Packets map to this many shards, each with its own consumed list. */
    public static final int SHARDS = 4;

    private LabKeys() {}

    static String packetTag(long packetId) {
        return "lab:{" + packetId + "}";
    }

    public static String shareList(long packetId) {
        return packetTag(packetId) + ":shares";
    }

    public static String grabbers(long packetId) {
        return packetTag(packetId) + ":users";
    }

    public static String lock(long packetId) {
        return packetTag(packetId) + ":lock";
    }

    public static int shard(long packetId) {
        return (int) (packetId % SHARDS);
    }

    /** The tag of one shard of a run of a Lua strategy ({@code prefix} tells the strategies apart). */
    public static String shardTag(String prefix, long runId, int shard) {
        return "lab:{" + prefix + ":" + runId + ":" + shard + "}";
    }

    public static String consumed(String prefix, long runId, int shard) {
        return shardTag(prefix, runId, shard) + ":consumed";
    }
}
