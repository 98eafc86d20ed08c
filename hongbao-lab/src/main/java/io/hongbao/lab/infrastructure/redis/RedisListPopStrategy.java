package io.hongbao.lab.infrastructure.redis;

import io.hongbao.lab.infrastructure.storage.LabKeys;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.RedisShareLists;
import io.hongbao.lab.infrastructure.storage.ShareItem;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.platform.db.Transactions;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.List;
import java.util.function.LongFunction;

/**
 * {@code redis-list-pop}: pre-split shares in a Redis list per packet and a set of the users who grabbed. An attempt
 * adds the user to the set ({@code SADD} answers 0 when they are in it already), pops a share ({@code LPOP}), then
 * writes the grab to the database synchronously before answering.
 *
 * <p>Trade-off: Redis makes the decision, so no database lock is held, and a sold-out packet costs two Redis round
 * trips and no database work. A grant still waits for its own database commit, so the granted path runs at the
 * database's commit rate. The three steps are separate commands, not one atomic step.
 *
 * <p>Crash windows: between the pop and the commit the share exists nowhere but in this JVM: a crash there loses it
 * (Σ grabs + remaining falls short of the total) and leaves the user marked as having grabbed, though they got
 * nothing. A database error is compensated (the share is pushed back, the user removed), but a crash is not. Between
 * {@code SADD} and an empty {@code LPOP} a concurrent repeat of the same user is told "already grabbed".
 */
public final class RedisListPopStrategy implements GrabStrategy {

    public static final String NAME = "redis-list-pop";

    private final LabTables tables;
    private final Transactions transactions;
    private final RedisCommands<String, String> redis;
    private volatile LabRun run;

    public RedisListPopStrategy(LabTables tables, Transactions transactions, RedisCommands<String, String> redis) {
        this.tables = tables;
        this.transactions = transactions;
        this.redis = redis;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, true);
        RedisShareLists.publish(redis, run, LabKeys::shareList);
        this.run = run;
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        String user = Long.toString(userId);
        if (redis.sadd(LabKeys.grabbers(packetId), user) == 0) {
            return LabOutcome.ALREADY_GRABBED;
        }
        String item = redis.lpop(LabKeys.shareList(packetId));
        if (item == null) {
            redis.srem(LabKeys.grabbers(packetId), user); // they got nothing: a later attempt hears "sold out"
            return LabOutcome.SOLD_OUT;
        }
        ShareItem share = ShareItem.parse(item);
        try {
            transactions.inTransaction(() -> {
                tables.insertGrab(packetId, userId, share.amount(), share.index());
                tables.markShareTaken(packetId, share.index(), userId);
                return null;
            });
        } catch (RuntimeException databaseFailed) {
            redis.lpush(LabKeys.shareList(packetId), item); // compensate; a crash here would lose the share
            redis.srem(LabKeys.grabbers(packetId), user);
            throw databaseFailed;
        }
        return new LabOutcome.Granted(share.amount());
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return true; // synchronous: answered after the commit
    }

    @Override
    public LabAudit audit() {
        return new LabAudit(
                tables.balancesWithRemaining(run, RedisShareLists.remaining(redis, run, LabKeys::shareList)),
                tables.grabs(run));
    }

    @Override
    public void close() {
        if (run != null) {
            List<LongFunction<String>> keys = List.of(LabKeys::shareList, LabKeys::grabbers);
            RedisShareLists.delete(redis, RedisShareLists.keysOf(run, keys));
        }
    }
}
