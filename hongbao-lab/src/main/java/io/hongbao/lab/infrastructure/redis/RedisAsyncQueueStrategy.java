package io.hongbao.lab.infrastructure.redis;

import io.hongbao.lab.infrastructure.storage.GrabLine;
import io.hongbao.lab.infrastructure.storage.LabKeys;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.LoopingWorker;
import io.hongbao.lab.infrastructure.storage.RedisShareLists;
import io.hongbao.lab.infrastructure.storage.ShareItem;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.platform.db.Transactions;
import io.lettuce.core.LMoveArgs;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;

/**
 * {@code redis-async-queue}: the decision as in {@code redis-list-pop} ({@code SADD} the user, {@code LPOP} a share),
 * then the grant is pushed onto a queue and answered at once; the database write happens later. A writer thread
 * moves items from the queue into a backup list with {@code BLMOVE} (atomically: an item is always in one of the
 * two), writes a batch in one transaction, and only then removes the items from the backup list. A recovery thread
 * puts items back in the queue that stayed in the backup list for a whole scan period (their writer died).
 *
 * <p>Trade-off: grants do not wait for the database, so throughput is set by Redis round trips (three per grant)
 * and the database sees batches. In exchange the answer "granted" precedes the durable record: the database lags, and
 * Redis must not lose the queue (AOF with {@code appendfsync always}).
 *
 * <p>Crash windows: between {@code LPOP} and the queue push the grant lives only in this JVM, so a crash there loses
 * the share, as in {@code redis-list-pop}; closing that window takes one atomic script (see {@code lua-list}). Once
 * queued, nothing is lost: a writer dying mid-batch leaves its items in the backup list for recovery, and a batch
 * written twice is absorbed by the primary key.
 */
public final class RedisAsyncQueueStrategy implements GrabStrategy {

    public static final String NAME = "redis-async-queue";
    private static final int BATCH = 200;
    private static final Duration RECOVERY_SCAN = Duration.ofMillis(500);

    private final LabTables tables;
    private final Transactions transactions;
    private final RedisCommands<String, String> redis;
    private final RequeueScript requeue;
    /** Its own connection: BLMOVE blocks it, which would stall every caller of the shared, pipelined one. */
    private final StatefulRedisConnection<String, String> writerConnection;

    private final Set<String> seenInBackup = new HashSet<>();
    private volatile LabRun run;
    private String queue;
    private String backup;
    private LoopingWorker writer;
    private LoopingWorker recovery;

    public RedisAsyncQueueStrategy(
            LabTables tables,
            Transactions transactions,
            StatefulRedisConnection<String, String> shared,
            RedisClient client) {
        this.tables = tables;
        this.transactions = transactions;
        this.redis = shared.sync();
        this.requeue = new RequeueScript(shared);
        this.writerConnection = client.connect();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, true);
        RedisShareLists.publish(redis, run, LabKeys::shareList);
        // One hash tag for both lists: LMOVE and the requeue script need them in the same slot.
        String tag = "lab:{aq:" + run.id() + "}";
        this.queue = tag + ":queue";
        this.backup = tag + ":backup";
        this.run = run;
        this.writer = new LoopingWorker("lab-async-queue-writer", this::writeBatch, Duration.ofMillis(1));
        this.recovery = new LoopingWorker("lab-async-queue-recovery", this::recoverStuckItems, RECOVERY_SCAN);
        writer.start();
        recovery.start();
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        String user = Long.toString(userId);
        if (redis.sadd(LabKeys.grabbers(packetId), user) == 0) {
            return LabOutcome.ALREADY_GRABBED;
        }
        String item = redis.lpop(LabKeys.shareList(packetId));
        if (item == null) {
            redis.srem(LabKeys.grabbers(packetId), user);
            return LabOutcome.SOLD_OUT;
        }
        ShareItem share = ShareItem.parse(item);
        // Crash window: the share has left the list but is not queued yet.
        redis.lpush(queue, new GrabLine(packetId, userId, share.index(), share.amount()).format());
        return new LabOutcome.Granted(share.amount());
    }

    private boolean writeBatch() {
        RedisCommands<String, String> own = writerConnection.sync();
        String first = own.blmove(queue, backup, LMoveArgs.Builder.rightLeft(), 0.1);
        if (first == null) {
            return false;
        }
        List<String> items = new ArrayList<>(List.of(first));
        while (items.size() < BATCH) {
            String next = own.lmove(queue, backup, LMoveArgs.Builder.rightLeft());
            if (next == null) {
                break;
            }
            items.add(next);
        }
        List<GrabLine> grabs = new ArrayList<>(items.size());
        for (String item : items) {
            grabs.add(GrabLine.parse(item));
        }
        transactions.inTransaction(() -> {
            tables.recordIdempotently(grabs);
            return null;
        });
        // Confirmed only after the commit; the removals are pipelined, one round trip for the batch.
        List<RedisFuture<Long>> confirmations = new ArrayList<>(items.size());
        for (String item : items) {
            confirmations.add(writerConnection.async().lrem(backup, 1, item));
        }
        LettuceFutures.awaitAll(Duration.ofSeconds(5), confirmations.toArray(RedisFuture[]::new));
        return true;
    }

    /** Items seen in the backup list at two scans in a row have waited a whole period: their writer is presumed dead. */
    private boolean recoverStuckItems() {
        List<String> now = redis.lrange(backup, 0, -1);
        for (String item : now) {
            if (seenInBackup.contains(item)) {
                requeue.requeue(backup, queue, item);
            }
        }
        seenInBackup.clear();
        seenInBackup.addAll(now);
        return false; // always pause a full scan period
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return LoopingWorker.awaitUntil(() -> redis.llen(queue) == 0 && redis.llen(backup) == 0, timeout);
    }

    @Override
    public LabAudit audit() {
        return new LabAudit(
                tables.balancesWithRemaining(run, RedisShareLists.remaining(redis, run, LabKeys::shareList)),
                tables.grabs(run));
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.stop();
            recovery.stop();
        }
        writerConnection.close();
        if (run != null) {
            List<LongFunction<String>> keys = List.of(LabKeys::shareList, LabKeys::grabbers);
            List<String> all = new ArrayList<>(RedisShareLists.keysOf(run, keys));
            all.add(queue);
            all.add(backup);
            RedisShareLists.delete(redis, all);
        }
    }
}
