package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.platform.redis.RedisMemory;
import io.hongbao.redpacket.infrastructure.persister.PersisterBacklog;

/**
 * The grab path's admission (ADR 0067): a shard takes no new grab while Redis is nearly out of memory, whatever the
 * shard, nor while its own stream holds too many events the database has not recorded. Two volatile fields the
 * samplers keep ({@link RedisMemory}, {@link PersisterBacklog}); Redis itself is never asked.
 */
final class MemoryAndBacklogAdmission implements GrabAdmission {

    private final RedisMemory memory;
    private final PersisterBacklog backlog;

    MemoryAndBacklogAdmission(RedisMemory memory, PersisterBacklog backlog) {
        this.memory = memory;
        this.backlog = backlog;
    }

    @Override
    public GrabRefusal refusal(int shard) {
        return memory.nearlyFull() ? GrabRefusal.MEMORY : backlog.refusal(shard);
    }
}
