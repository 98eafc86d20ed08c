package io.hongbao.lab.infrastructure.storage;

import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import io.hongbao.platform.collections.Chunks;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/** Pre-split shares kept as Redis lists ({@code index:amount} items), for the list-based strategies. */
public final class RedisShareLists {

    private RedisShareLists() {}

    public static void publish(RedisCommands<String, String> redis, LabRun run, LongFunction<String> listKey) {
        for (LabPacket packet : run.packets()) {
            redis.rpush(listKey.apply(packet.id()), ShareItem.itemsOf(packet));
        }
    }

    /** What each packet's list still holds, in cents. */
    public static Map<Long, Long> remaining(
            RedisCommands<String, String> redis, LabRun run, LongFunction<String> listKey) {
        Map<Long, Long> remaining = new HashMap<>();
        for (LabPacket packet : run.packets()) {
            remaining.put(packet.id(), ShareItem.sum(redis.lrange(listKey.apply(packet.id()), 0, -1)));
        }
        return remaining;
    }

    public static List<String> keysOf(LabRun run, List<LongFunction<String>> perPacketKeys) {
        List<String> keys = new ArrayList<>();
        for (LabPacket packet : run.packets()) {
            for (LongFunction<String> key : perPacketKeys) {
                keys.add(key.apply(packet.id()));
            }
        }
        return keys;
    }

    public static void delete(RedisCommands<String, String> redis, List<String> keys) {
        for (List<String> chunk : Chunks.of(keys, 500)) {
            redis.del(chunk.toArray(String[]::new));
        }
    }
}
