package io.hongbao.campaign.application;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Live pools in memory, safe for concurrent grabs: each pool decides as grab_packets.lua does, in the same order (the
 * person's earlier share, expiry, stock), one grab at a time.
 */
final class InMemoryPools implements RedPacketGrabs {

    private final Map<PacketId, Pool> pools = new HashMap<>();

    void add(PacketId id, List<Long> shares) {
        pools.put(id, new Pool(new ArrayDeque<>(shares)));
    }

    void expire(PacketId id) {
        Pool pool = pools.get(id);
        synchronized (pool) {
            pool.expired = true;
        }
    }

    /** Shares not yet taken, over every pool. */
    long remaining() {
        long left = 0;
        for (Pool pool : pools.values()) {
            synchronized (pool) {
                left += pool.shares.size();
            }
        }
        return left;
    }

    /** Every share taken, by person: each pool's grants. */
    Map<PacketId, Map<UserId, Long>> grants() {
        Map<PacketId, Map<UserId, Long>> grants = new HashMap<>();
        pools.forEach((id, pool) -> {
            synchronized (pool) {
                grants.put(id, Map.copyOf(pool.taken));
            }
        });
        return grants;
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        Pool pool = pools.get(id);
        if (pool == null) {
            return CompletableFuture.completedFuture(new GrabOutcome.NotFound());
        }
        synchronized (pool) {
            Long earlier = pool.taken.get(user);
            if (earlier != null) {
                return CompletableFuture.completedFuture(new GrabOutcome.AlreadyGrabbed(earlier));
            }
            if (pool.expired) {
                return CompletableFuture.completedFuture(new GrabOutcome.Expired());
            }
            Long share = pool.shares.pollFirst();
            if (share == null) {
                return CompletableFuture.completedFuture(new GrabOutcome.SoldOut());
            }
            pool.taken.put(user, share);
            return CompletableFuture.completedFuture(new GrabOutcome.Grabbed(share, Instant.EPOCH));
        }
    }

    private static final class Pool {
        final Deque<Long> shares;
        final Map<UserId, Long> taken = new HashMap<>();
        boolean expired;

        Pool(Deque<Long> shares) {
            this.shares = shares;
        }
    }
}
