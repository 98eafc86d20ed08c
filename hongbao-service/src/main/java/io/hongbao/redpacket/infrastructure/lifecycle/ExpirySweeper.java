package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.platform.workers.PeriodicWorker;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.PacketId;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Closes expired packets: polls each shard's expiry zset and runs expire_packet.lua on what is due. The script checks
 * expiry against Redis server time and closes a packet once, so sweepers on several instances (or a clock a little
 * ahead here) are harmless; keyspace notifications are not used because they are lost when nobody listens.
 */
public final class ExpirySweeper extends PeriodicWorker {

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;
    private final ExpireScript expire;
    private final Clock clock;
    private final ShardDoorbell doorbell;
    private final int batchSize;

    /** @param doorbell rung for a shard where a packet was closed: its refund entry is in the shard's stream */
    public ExpirySweeper(
            RedisClusterAsyncCommands<String, String> redis,
            PacketKeys keys,
            ExpireScript expire,
            ShardDoorbell doorbell,
            Clock clock,
            RedPacketSettings.Sweeper settings) {
        super("expiry-sweeper", settings.every(), settings.enabled());
        this.redis = redis;
        this.keys = keys;
        this.expire = expire;
        this.clock = clock;
        this.doorbell = doorbell;
        this.batchSize = settings.batchSize();
    }

    @Override
    protected int runOnce() {
        int closed = 0;
        for (int shard = 0; shard < keys.shards(); shard++) {
            closed += sweep(shard);
        }
        return closed;
    }

    /** Closes what is due in one shard; returns how many packets it closed. */
    public int sweep(int shard) {
        List<String> due = await(redis.zrangebyscore(
                keys.expiry(shard), Range.create(0, (double) clock.millis()), Limit.create(0, batchSize)));
        int closed = eachItem(due, id -> "packet " + id, id -> await(expire.expire(new PacketId(id))) ? 1 : 0);
        if (closed > 0) {
            doorbell.ring(shard);
        }
        return closed;
    }

    private static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
