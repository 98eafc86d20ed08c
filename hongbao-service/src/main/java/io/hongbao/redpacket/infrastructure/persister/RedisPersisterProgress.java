package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.streams.ShardStream;
import io.hongbao.redpacket.infrastructure.streams.StreamId;
import io.hongbao.redpacket.model.PersisterProgress;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.models.stream.PendingMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link PersisterProgress} read from the shards' streams in a few pipelined rounds: every stream's and dead-letter
 * stream's length, then the persister group of the non-empty streams (the backlog as {@link PersisterBacklog} counts
 * it), then the oldest unrecorded entry of those with a backlog (the group's oldest pending entry, else the first entry
 * after the last one delivered) and the oldest dead letter. A shard with no such entry has no backlog, whatever the
 * stream's length (on Redis 6.2, which reports no group lag, the length also counts recorded entries not yet trimmed).
 * An idle deployment costs two commands per shard.
 */
public final class RedisPersisterProgress implements PersisterProgress {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;

    public RedisPersisterProgress(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public Progress now(Instant now) {
        try {
            return read(now);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted reading the persister's progress", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot read the persister's progress: " + e, e);
        }
    }

    private Progress read(Instant now) throws ExecutionException, InterruptedException, TimeoutException {
        int shards = keys.shards();
        List<RedisFuture<Long>> lengths = new ArrayList<>(shards);
        List<RedisFuture<Long>> deadLengths = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            lengths.add(redis.xlen(keys.stream(shard)));
            deadLengths.add(redis.xlen(keys.deadLetters(shard)));
        }
        List<RedisFuture<List<Object>>> groups = new ArrayList<>(shards);
        long[] length = new long[shards];
        for (int shard = 0; shard < shards; shard++) {
            length[shard] = await(lengths.get(shard));
            groups.add(length[shard] == 0 ? null : redis.xinfoGroups(keys.stream(shard)));
        }
        List<Pending> pending = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (groups.get(shard) == null) {
                continue;
            }
            List<Object> info = await(groups.get(shard));
            long backlog = PersisterBacklog.unrecorded(info, length[shard]);
            if (backlog > 0) {
                String stream = keys.stream(shard);
                pending.add(new Pending(
                        shard,
                        backlog,
                        redis.xpending(stream, ShardStream.GROUP),
                        redis.xrange(stream, after(lastDelivered(info)), Limit.from(1))));
            }
        }
        List<ShardProgress> progress = new ArrayList<>(pending.size());
        for (Pending shard : pending) {
            String oldest = oldestUnrecorded(await(shard.pending()), await(shard.undelivered()));
            if (oldest == null) {
                // Nothing pending, nothing undelivered: the backlog was the length of a stream (Redis 6.2 tells no
                // lag) whose entries are all recorded, waiting to be trimmed.
                continue;
            }
            long lag = Math.max(0, now.toEpochMilli() - StreamId.millis(oldest));
            progress.add(new ShardProgress(shard.shard(), shard.backlog(), lag));
        }
        return deadLetters(progress, deadLengths);
    }

    private Progress deadLetters(List<ShardProgress> progress, List<RedisFuture<Long>> deadLengths)
            throws ExecutionException, InterruptedException, TimeoutException {
        long waiting = 0;
        List<RedisFuture<List<StreamMessage<String, String>>>> firsts = new ArrayList<>();
        for (int shard = 0; shard < deadLengths.size(); shard++) {
            long size = await(deadLengths.get(shard));
            waiting += size;
            firsts.add(size == 0 ? null : redis.xrange(keys.deadLetters(shard), Range.unbounded(), Limit.from(1)));
        }
        DeadLetterSeen oldest = null;
        String oldestId = null;
        for (int shard = 0; shard < firsts.size(); shard++) {
            if (firsts.get(shard) == null) {
                continue;
            }
            for (StreamMessage<String, String> letter : await(firsts.get(shard))) {
                if (oldestId == null || StreamId.ORDER.compare(letter.getId(), oldestId) < 0) {
                    oldestId = letter.getId();
                    Map<String, String> body = letter.getBody();
                    oldest = new DeadLetterSeen(
                            shard,
                            body.get("id"),
                            Instant.ofEpochMilli(StreamId.millis(letter.getId())),
                            body.get("reason"));
                }
            }
        }
        return new Progress(progress, waiting, oldest);
    }

    /**
     * The id of the oldest entry the database has not recorded: the group's oldest pending one (delivered to a
     * persister, not acknowledged), else the first one never delivered; {@code null} for none.
     */
    private static String oldestUnrecorded(PendingMessages pending, List<StreamMessage<String, String>> undelivered) {
        if (pending.getCount() > 0 && pending.getMessageIds().getLower().getValue() != null) {
            return pending.getMessageIds().getLower().getValue();
        }
        return undelivered.isEmpty() ? null : undelivered.get(0).getId();
    }

    private static Range<String> after(String lastDelivered) {
        return lastDelivered == null
                ? Range.unbounded()
                : Range.from(Range.Boundary.excluding(lastDelivered), Range.Boundary.unbounded());
    }

    private static String lastDelivered(List<Object> groups) {
        for (Object raw : groups) {
            List<?> fields = (List<?>) raw;
            Map<String, Object> pairs = new HashMap<>();
            for (int i = 0; i + 1 < fields.size(); i += 2) {
                pairs.put(String.valueOf(fields.get(i)), fields.get(i + 1));
            }
            if (ShardStream.GROUP.equals(pairs.get("name"))) {
                Object id = pairs.get("last-delivered-id");
                return id == null ? null : String.valueOf(id);
            }
        }
        return null;
    }

    private static <T> T await(RedisFuture<T> future)
            throws ExecutionException, InterruptedException, TimeoutException {
        return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private record Pending(
            int shard,
            long backlog,
            RedisFuture<PendingMessages> pending,
            RedisFuture<List<StreamMessage<String, String>>> undelivered) {}
}
