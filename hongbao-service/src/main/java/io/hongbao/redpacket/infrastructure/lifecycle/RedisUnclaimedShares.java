package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.UnclaimedShares;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link UnclaimedShares} as the length of each packet's shares list: an O(1) LLEN per packet, all sent at once. While
 * a packet is active that length is its unclaimed count (grab_packets.lua); once it expired the list is gone.
 */
public final class RedisUnclaimedShares implements UnclaimedShares {

    private final RedisClusterAsyncCommands<String, String> redis;
    private final PacketKeys keys;

    public RedisUnclaimedShares(RedisClusterAsyncCommands<String, String> redis, PacketKeys keys) {
        this.redis = redis;
        this.keys = keys;
    }

    @Override
    public CompletionStage<List<Long>> count(List<PacketId> packets) {
        List<CompletableFuture<Long>> lengths = packets.stream()
                .map(packet -> redis.llen(keys.shares(packet)).toCompletableFuture())
                .toList();
        return CompletableFuture.allOf(lengths.toArray(CompletableFuture[]::new))
                .thenApply(all -> lengths.stream().map(CompletableFuture::join).toList());
    }
}
