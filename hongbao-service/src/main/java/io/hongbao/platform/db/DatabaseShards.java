package io.hongbao.platform.db;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * Which database shard holds a row (ADR 0083), for keys already reduced to what the platform can place: a user id
 * (a user's account, ledger legs, points, draws), or a virtual shard, the bucket a feature hashed its own key into
 * ({@link VirtualShards}; the feature owns the hash), or an opaque id of a thing that lives on one shard alone, its
 * home (ADR 0088). With one database every row is on shard 0.
 *
 * @param count the database shards, fixed for the life of the data
 */
public record DatabaseShards(int count) {

    public DatabaseShards {
        if (count < 1) {
            throw new IllegalArgumentException("at least one database shard, not " + count);
        }
    }

    public int ofUser(long userId) {
        return (int) Math.floorMod(userId, (long) count);
    }

    /** Virtual shard {@code v} lives on database shard {@code v mod count}: each database holds whole buckets. */
    public int ofVirtualShard(int virtualShard) {
        return virtualShard % count;
    }

    /**
     * The home shard of an opaque id: CRC32 of its UTF-8 bytes modulo the count. The same as MariaDB's
     * {@code CRC32(id) % count} for an ASCII id, so a migration can find the rows away from home in SQL.
     */
    public int ofId(String id) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % count);
    }
}
