package io.hongbao.platform.db;

import java.util.Objects;

/**
 * What a sharding column means, and so where its rows go (ADR 0083): a user id, a red packet id, ... A feature that
 * shards tables by a key of its own declares the key with its placement; rows with one key's value are on one shard,
 * and tables of one key may be bound (joined on each shard). Two keys are the same key only when they are equal.
 *
 * @param name names the key in ShardingSphere's rules ({@code by-<name>}) and in messages: lower case, digits and
 *     dashes
 * @param placement the database shard of one value of the column
 */
public record ShardKey(String name, Placement placement) {

    /** Rows of a user, by the user id: {@link DatabaseShards#ofUser}. */
    public static final ShardKey USER = new ShardKey("user", (value, shards) -> shards.ofUser(userId(value)));

    public ShardKey {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a shard key's name is lower case, digits and dashes, not " + name);
        }
        Objects.requireNonNull(placement, "placement");
    }

    /** The database shard of one value: the same on every instance and every start, for the life of the data. */
    @FunctionalInterface
    public interface Placement {
        /**
         * @param value the column's value as ShardingSphere or the ledger hands it: a number or a string
         * @throws IllegalArgumentException when the value cannot be placed
         */
        int shardOf(Comparable<?> value, DatabaseShards shards);
    }

    /** A user id column's value: a number, or its decimal string (a ledger account's rest). */
    public static long userId(Comparable<?> value) {
        if (value instanceof Number number) {
            return number.longValue();
        }
        try {
            return Long.parseLong(value.toString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(value + " is not a user id", e);
        }
    }
}
