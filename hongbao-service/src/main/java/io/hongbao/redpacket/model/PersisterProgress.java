package io.hongbao.redpacket.model;

import java.time.Instant;
import java.util.List;

/**
 * How far the persister is behind Redis, as an operator looks at it (the {@code /ops} dashboard): each shard's events
 * the database has not recorded and how old the oldest of them is, and the entries waiting in the dead-letter streams.
 * Asks Redis every shard's streams, so a caller asks at most about once a second, never on the grab path.
 */
public interface PersisterProgress {

    /** Blocking: a few pipelined rounds to Redis. */
    Progress now(Instant now);

    /**
     * @param shards the shards with a backlog, in shard order (the others have none)
     * @param deadLetters how many entries wait in all dead-letter streams
     * @param oldestDeadLetter the oldest of them, or {@code null} when none waits
     */
    record Progress(List<ShardProgress> shards, long deadLetters, DeadLetterSeen oldestDeadLetter) {
        public Progress {
            shards = List.copyOf(shards);
        }
    }

    /**
     * @param backlog events in the shard's stream the database has not recorded (as {@code hongbao.persister.backlog})
     * @param lagMillis the age of the oldest of them, from its stream id (on Redis 6.2, which reports no group lag, the
     *     backlog is the stream's length and may also count recorded entries not trimmed yet)
     */
    record ShardProgress(int shard, long backlog, long lagMillis) {}

    /** One dead letter: its shard, the stream entry it holds, when it was moved, and why. */
    record DeadLetterSeen(int shard, String entryId, Instant movedAt, String reason) {}
}
