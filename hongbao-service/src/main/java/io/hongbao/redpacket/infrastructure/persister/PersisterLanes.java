package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.platform.db.DatabaseShards;
import java.util.function.IntPredicate;

/**
 * How the persister's workers are spread over the databases (ADR 0091): each database has a lane, workers that serve
 * only its shards, so that a database that stalls holds its own lane alone. {@code persister.workers} is the total,
 * rounded up so that every database has the same number, and with several databases at least two each: a lane's
 * periodic work (the safety pass over its shards, the trim) is done by one of its workers, and another must go on
 * draining meanwhile. One database is one lane of exactly {@code persister.workers}, as before lanes.
 */
final class PersisterLanes {

    private PersisterLanes() {}

    /** {@code workers} spread over {@code databases}: ceil(workers / databases), at least two with several. */
    static int workersPerDatabase(int workers, int databases) {
        if (databases == 1) {
            return workers;
        }
        return Math.max(2, (workers + databases - 1) / databases);
    }

    /** The virtual shards whose rows, and so whose stream entries' first step, are on {@code database}. */
    static IntPredicate shardsOf(DatabaseShards databases, int database) {
        return shard -> databases.ofVirtualShard(shard) == database;
    }
}
