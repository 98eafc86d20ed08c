package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.redpacket.infrastructure.persister.PersisterBacklog;

/**
 * Whether a shard takes new grabs right now. Asked for every grab, on the grab path: an implementation reads state a
 * background sampler keeps ({@link PersisterBacklog}, {@code RedisMemory}), a volatile read or two, and never asks
 * Redis itself.
 */
@FunctionalInterface
public interface GrabAdmission {

    /** Why grabs on {@code shard} are refused now, or {@code null} when they may go ahead. */
    GrabRefusal refusal(int shard);
}
