package io.hongbao.lab.infrastructure.lua;

import io.hongbao.lab.infrastructure.storage.GrabLine;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.LoopingWorker;
import io.hongbao.platform.db.Transactions;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The one thread that moves the Lua strategies' consumed lists into the database: it reads up to {@value #BATCH}
 * lines from the head of a list, writes them in one transaction, and only then trims them off the list.
 *
 * <p>Assumption relied on: a single writer per list. The scripts only append at the tail and only this thread
 * removes from the head, so after the commit the first {@code n} items are still exactly the ones written. A crash
 * between the commit and the trim rewrites the batch on restart, which the idempotent insert absorbs.
 */
final class ConsumedListWriter {

    static final int BATCH = 500;
    private static final Duration IDLE = Duration.ofMillis(5);

    private final LabTables tables;
    private final Transactions transactions;
    private final RedisCommands<String, String> redis;
    private final List<String> consumedLists;
    private final LoopingWorker worker;

    ConsumedListWriter(
            String name,
            LabTables tables,
            Transactions transactions,
            RedisCommands<String, String> redis,
            List<String> consumedLists) {
        this.tables = tables;
        this.transactions = transactions;
        this.redis = redis;
        this.consumedLists = List.copyOf(consumedLists);
        this.worker = new LoopingWorker(name, this::drainOnce, IDLE);
    }

    void start() {
        worker.start();
    }

    void stop() {
        worker.stop();
    }

    private boolean drainOnce() {
        boolean wrote = false;
        for (String list : consumedLists) {
            List<String> lines = redis.lrange(list, 0, BATCH - 1);
            if (lines.isEmpty()) {
                continue;
            }
            List<GrabLine> grabs = new ArrayList<>(lines.size());
            for (String line : lines) {
                grabs.add(GrabLine.parse(line));
            }
            transactions.inTransaction(() -> {
                tables.recordIdempotently(grabs);
                return null;
            });
            redis.ltrim(list, lines.size(), -1); // after the commit: never drop a line that is not on disk
            wrote = true;
        }
        return wrote;
    }

    /** True once every consumed list is empty, i.e. every grant the scripts queued is committed. */
    boolean awaitDrained(Duration timeout) {
        return LoopingWorker.awaitUntil(() -> consumedLists.stream().allMatch(list -> redis.llen(list) == 0), timeout);
    }
}
