package io.hongbao.platform.db;

import io.hongbao.platform.settings.Setting;

/**
 * How many buckets ("virtual shards") the feature that keys its rows by bucket hashes its keys into; bucket {@code v}
 * lives on database shard {@code v mod n} ({@link DatabaseShards#ofVirtualShard}). The feature owns the hash of
 * its key into buckets; the platform checks the count against the database shards and records it in
 * {@code db_shard_layout} for the operator. Declared by that feature as a bean (one, for now: the platform records
 * one count).
 *
 * @param count at least 1; at least the number of database shards, or some shard would hold no bucket
 * @param setting the setting an operator changes to change the count, named when it is refused
 */
public record VirtualShards(int count, String setting) {

    public VirtualShards {
        Setting.present(setting, "the setting of a virtual shard count");
        if (count < 1) {
            throw new IllegalArgumentException(setting + " is " + count + ": at least one virtual shard");
        }
    }
}
