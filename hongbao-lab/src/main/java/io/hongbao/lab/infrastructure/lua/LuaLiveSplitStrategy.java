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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code lua-live-split}: no pre-split shares. Redis keeps each packet's remaining amount and count; the script
 * ({@code scripts/lab/lua-live-split-grab.lua}) computes the share at grab time with the double-mean rule from a
 * random draw passed in ARGV, records the user and appends a consumed line, all atomically. The same single
 * {@link ConsumedListWriter} as {@code lua-list} writes the lines to the database.
 *
 * <p>Trade-off: as fast as {@code lua-list} and less memory per packet (two numbers instead of a list), but the
 * amounts are decided inside Redis at grab time, so the database cannot know the shares of a packet in advance:
 * rebuilding a lost Redis state needs the recorded grabs (remaining = total − Σ grabs), and an audit cannot compare
 * a grant against a planned share. The draw comes from Java, never from {@code math.random}, so the script is
 * deterministic: a replica or an AOF replay computes the same split, and tests can pin the draw.
 *
 * <p>Crash windows: as {@code lua-list}: none between Redis steps; the writer commits before it trims; Redis must
 * keep what it acknowledged.
 */
public final class LuaLiveSplitStrategy implements GrabStrategy {

    public static final String NAME = "lua-live-split";
    private static final String PREFIX = "ls";

    private final LabTables tables;
    private final Transactions transactions;
    private final RedisCommands<String, String> redis;
    private final LuaLiveSplitGrabScript script;
    private volatile LabRun run;
    private ConsumedListWriter writer;

    public LuaLiveSplitStrategy(
            LabTables tables, Transactions transactions, StatefulRedisConnection<String, String> connection) {
        this.tables = tables;
        this.transactions = transactions;
        this.redis = connection.sync();
        this.script = new LuaLiveSplitGrabScript(connection);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void prepare(LabRun run) {
        tables.insertPackets(NAME, run, false);
        this.run = run;
        for (LabPacket packet : run.packets()) {
            redis.hset(
                    packetKey(packet.id()),
                    Map.of("amount", Long.toString(packet.totalAmount()), "count", Integer.toString(packet.count())));
        }
        writer = new ConsumedListWriter("lab-lua-live-split-writer", tables, transactions, redis, consumedLists());
        writer.start();
    }

    @Override
    public LabOutcome grab(long packetId, long userId) {
        long draw = ThreadLocalRandom.current().nextLong(LuaLiveSplitGrabScript.DRAW_BOUND);
        return script.grab(packetKey(packetId), dedupe(packetId), consumed(packetId), packetId, userId, draw);
    }

    @Override
    public boolean awaitPersisted(Duration timeout) {
        return writer.awaitDrained(timeout);
    }

    @Override
    public LabAudit audit() {
        Map<Long, Long> remaining = new HashMap<>();
        for (LabPacket packet : run.packets()) {
            remaining.put(packet.id(), Long.parseLong(redis.hget(packetKey(packet.id()), "amount")));
        }
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
                keys.add(packetKey(packet.id()));
                keys.add(dedupe(packet.id()));
            }
            RedisShareLists.delete(redis, keys);
        }
    }

    private String tag(long packetId) {
        return LabKeys.shardTag(PREFIX, run.id(), LabKeys.shard(packetId));
    }

    private String packetKey(long packetId) {
        return tag(packetId) + ":packet:" + packetId;
    }

    private String dedupe(long packetId) {
        return tag(packetId) + ":dedupe:" + packetId;
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
