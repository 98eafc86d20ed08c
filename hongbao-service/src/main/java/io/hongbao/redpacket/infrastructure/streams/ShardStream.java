package io.hongbao.redpacket.infrastructure.streams;

import io.lettuce.core.Consumer;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAutoClaimArgs;
import io.lettuce.core.XGroupCreateArgs;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.XTrimArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.models.stream.ClaimedMessages;
import io.lettuce.core.models.stream.PendingMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One shard's event stream as its persister consumer group sees it. Synchronous calls: use it on a worker thread with a
 * connection of its own (and a blocking read would stall every other command pipelined on a shared connection).
 */
public final class ShardStream {

    public static final String GROUP = "persister";

    private final RedisClusterCommands<String, String> redis;
    private final String key;
    private final Consumer<String> consumer;
    private final ForgetConsumersScript forgetConsumers;

    public ShardStream(RedisClusterCommands<String, String> redis, String key, String consumerName) {
        this.redis = redis;
        this.key = key;
        this.consumer = Consumer.from(GROUP, consumerName);
        this.forgetConsumers = new ForgetConsumersScript(redis);
    }

    public String key() {
        return key;
    }

    /**
     * Creates the consumer group from the very beginning of the stream (id 0) if it is missing, so entries written
     * before it existed (or after Redis lost it) are still delivered.
     */
    public void ensureGroup() {
        try {
            redis.xgroupCreate(XReadArgs.StreamOffset.from(key, "0"), GROUP, XGroupCreateArgs.Builder.mkstream());
        } catch (RedisCommandExecutionException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                throw e;
            }
            // Another instance or an earlier start created it.
        }
    }

    /** New entries for this consumer, at once: none if there are none (the persister's read, ADR 0072). */
    public List<StreamMessage<String, String>> readNew(int count) {
        return redis.xreadgroup(consumer, XReadArgs.Builder.count(count), XReadArgs.StreamOffset.lastConsumed(key));
    }

    /** New entries for this consumer, waiting up to {@code block} for the first. */
    public List<StreamMessage<String, String>> readNew(int count, Duration block) {
        return redis.xreadgroup(
                consumer, XReadArgs.Builder.count(count).block(block), XReadArgs.StreamOffset.lastConsumed(key));
    }

    /** Entries some consumer (maybe a dead one, maybe this one after a failure) has held longer than {@code idle}. */
    public List<StreamMessage<String, String>> claimIdle(Duration idle, int count) {
        ClaimedMessages<String, String> claimed = redis.xautoclaim(
                key,
                XAutoClaimArgs.Builder.<String>xautoclaim(consumer, idle, "0-0").count(count));
        return claimed.getMessages();
    }

    public void ack(List<String> ids) {
        if (!ids.isEmpty()) {
            redis.xack(key, GROUP, ids.toArray(String[]::new));
        }
    }

    /**
     * Drops entries every consumer group has acknowledged: below the oldest pending entry of any group, or below the
     * last delivered entry of a group with nothing pending. Entries can only move from undelivered to pending to
     * acknowledged, so a bound computed now stays safe while others keep consuming.
     */
    public long trimAcknowledged() {
        Optional<String> bound = safeTrimBound();
        return bound.map(id -> redis.xtrim(key, XTrimArgs.Builder.minId(id))).orElse(0L);
    }

    /**
     * Removes consumers that hold nothing and were idle longer than {@code idle}: every restart of an instance joins
     * under a new name, and the names of the dead would pile up. Removing a consumer with nothing pending loses
     * nothing; a live one that was merely quiet is re-created by its next read. The check and the removal are one
     * script: between two separate calls a live consumer's read could be served, and the removal would drop the
     * entries it was just given (forget_idle_consumers.lua says why).
     */
    public int forgetIdleConsumers(Duration idle) {
        return forgetConsumers.forget(key, GROUP, idle);
    }

    Optional<String> safeTrimBound() {
        List<String> bounds = new ArrayList<>();
        for (Map<String, Object> group : groups()) {
            String name = (String) group.get("name");
            long pending = ((Number) group.get("pending")).longValue();
            String lastDelivered = (String) group.get("last-delivered-id");
            PendingMessages summary = pending > 0 ? redis.xpending(key, name) : null;
            if (summary != null && summary.getCount() > 0) {
                bounds.add(summary.getMessageIds().getLower().getValue());
            } else {
                // Nothing pending, or no longer: acknowledged between the two reads (another worker, or a credit lane
                // acknowledging off the worker's thread, ADR 0091). Every entry up to the last delivered one read
                // above is then acknowledged, and later deliveries have higher ids: that bound is still safe.
                bounds.add(lastDelivered);
            }
        }
        return bounds.stream().min(StreamId.ORDER).filter(id -> !"0-0".equals(id));
    }

    /** Entries not yet acknowledged by the persister group: pending plus never delivered. */
    public long unacknowledged() {
        for (Map<String, Object> group : groups()) {
            if (GROUP.equals(group.get("name"))) {
                long pending = ((Number) group.get("pending")).longValue();
                String lastDelivered = (String) group.get("last-delivered-id");
                long undelivered = redis.xrange(
                                key,
                                Range.from(Range.Boundary.excluding(lastDelivered), Range.Boundary.unbounded()),
                                Limit.from(10_000))
                        .size();
                return pending + undelivered;
            }
        }
        return redis.xlen(key);
    }

    /** Every entry still in the stream (acknowledged or not), oldest first. */
    public List<StreamMessage<String, String>> all() {
        return redis.xrange(key, Range.unbounded());
    }

    private List<Map<String, Object>> groups() {
        List<Map<String, Object>> groups = new ArrayList<>();
        if (redis.exists(key) == 0) {
            return groups;
        }
        for (Object raw : redis.xinfoGroups(key)) {
            groups.add(pairs(raw));
        }
        return groups;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> pairs(Object raw) {
        List<Object> pairs = (List<Object>) raw;
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            map.put(String.valueOf(pairs.get(i)), pairs.get(i + 1));
        }
        return map;
    }
}
