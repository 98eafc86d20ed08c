package io.hongbao.platform.outbox;

import java.time.Instant;

/**
 * One row of a shard's outbox.
 *
 * @param position the row's id on its shard: rows are published in this order, and one account's rows are in the order
 *     their transactions committed ({@link Outbox})
 * @param key the record's key
 * @param json the event as written by its feature
 * @param writtenAt when its transaction wrote it: the publish lag counts from here
 */
public record OutboxRow(long position, String key, String json, Instant writtenAt) {

    /**
     * The record's value: the event with the shard and position in front. The same bytes on every re-send of the row,
     * so a consumer that sees an id twice sees the same event twice.
     */
    public String published(int shard) {
        return "{\"shard\":" + shard + ",\"position\":" + position + "," + json.substring(1);
    }
}
