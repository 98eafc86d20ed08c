package io.hongbao.platform.outbox;

import java.time.Instant;
import java.util.List;

/** One database shard's outbox, as its publisher reads and empties it. */
public interface ShardOutbox {

    /**
     * Whether this instance is the shard's publisher: takes the shard's publishing lock if it can, and keeps it while
     * its connection lives. One publisher per shard across the instances keeps duplicates to what a failure causes; two
     * at once would still keep each account's order (each sends in position order), only sending rows twice.
     */
    boolean claim();

    /** The oldest rows, at most {@code limit}, in position order; only rows whose transaction committed. */
    List<OutboxRow> oldest(int limit);

    /** Deletes exactly these rows: the acknowledged ones, never a range that could hold a row committed since. */
    void delete(List<Long> positions);

    /** Gives up the publishing lock and its connection (stopping). */
    void release();

    /** How many rows wait and when the oldest was written ({@code null} when none). */
    Backlog backlog();

    record Backlog(long rows, Instant oldestWrittenAt) {

        public static final Backlog EMPTY = new Backlog(0, null);
    }
}
