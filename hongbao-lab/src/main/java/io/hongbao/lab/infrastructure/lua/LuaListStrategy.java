package io.hongbao.lab.infrastructure.lua;

import io.hongbao.lab.infrastructure.storage.LabKeys;
import io.hongbao.lab.infrastructure.storage.LabTables;
import io.hongbao.lab.infrastructure.storage.RedisShareLists;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import io.hongbao.platform.db.Transactions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code lua-list}: the whole decision in one Lua script ({@code scripts/lab/lua-list-grab.lua}): check the dedupe
 * hash, pop a pre-split share from the unconsumed list, record the user, append a line to the consumed list. One
 * thread ({@link ConsumedListWriter}) batch-writes the consumed lists to the database.
 *
 * <p>Trade-off: one round trip per attempt, granted or not, and Redis runs each script alone, so there is nothing to
 * lock and nothing to retry; the database sees only batches. As with every asynchronous design, the answer precedes
 * the durable record and Redis must keep what it acknowledged ({@code appendfsync always}); the database lags
 * behind by up to a batch.
 *
 * <p>Crash windows: none between Redis steps (one script). The writer commits before it trims, so a crash of the
 * writer rewrites a batch at worst (absorbed by the primary key). What remains is Redis itself: with a weaker fsync
 * policy a Redis crash can forget grants it has answered.
 */
public final class LuaListStrategy implements GrabStrategy {

    public static final String NAME = "lua-list";
    private static final String PREFIX = "ll";

    private final LabTables tables;
    private final Transactions transactions;
    private final RedisCommands<String, String> redis;
    private final LuaListGrabScript script;
    private volatile LabRun run;
    private ConsumedListWriter writer;

    public LuaListStrategy(
            LabTables tables, Transactions transactions, StatefulRedisConnection<String, String> connection) {
        this.tables = tables;
        this.transactions = transactions;
        this.redis = connection.sync();
        this.script = new LuaListGrabScript(connection);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, true);
        this.run = run;
        RedisShareLists.publish(redis, run, this::unconsumed);
        writer = new ConsumedListWriter("lab-lua-list-writer", tables, transactions, redis, consumedLists());
        writer.start();
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        return script.grab(dedupe(packetId), unconsumed(packetId), consumed(packetId), packetId, userId);
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return writer.awaitDrained(timeout);
    }

    @Override
    public LabAudit audit() {
        Map<Long, Long> remaining = RedisShareLists.remaining(redis, run, this::unconsumed);
        return new LabAudit(tables.balancesWithRemaining(run, remaining), tables.grabs(run));
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.stop();
        }
        if (run != null) {
            List<String> keys = new ArrayList<>(consumedLists());
            for (LabPacket packet : run.packets()) {
                keys.add(dedupe(packet.id()));
                keys.add(unconsumed(packet.id()));
            }
            RedisShareLists.delete(redis, keys);
        }
    }

    private String tag(long packetId) {
        return LabKeys.shardTag(PREFIX, run.id(), LabKeys.shard(packetId));
    }

    private String dedupe(long packetId) {
        return tag(packetId) + ":dedupe:" + packetId;
    }

    private String unconsumed(long packetId) {
        return tag(packetId) + ":unconsumed:" + packetId;
    }

    private String consumed(long packetId) {
        return LabKeys.consumed(PREFIX, run.id(), LabKeys.shard(packetId));
    }

    private List<String> consumedLists() {
        List<String> lists = new ArrayList<>();
        for (int shard = 0; shard < LabKeys.SHARDS; shard++) {
            lists.add(LabKeys.consumed(PREFIX, run.id(), shard));
        }
        return lists;
    }
}
