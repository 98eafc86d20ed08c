package io.hongbao.ops.application;

import io.hongbao.platform.outbox.OutboxProgress.ShardBacklog;
import io.hongbao.redpacket.model.PersisterProgress.DeadLetterSeen;
import io.hongbao.redpacket.model.PersisterProgress.ShardProgress;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What the operator dashboard shows at one moment, for the whole deployment (docs/api.md, Operations). */
public record OpsSnapshot(
        Instant at,
        List<InstanceFigures> instances,
        Figures totals,
        Persister persister,
        DeadLetters deadLetters,
        Audit audit,
        Redis redis,
        Outbox outbox) {

    /**
     * The outbox of money movements (ADR 0096) as this instance last sampled each database shard's.
     *
     * @param on whether events are published at all (a bus is configured); off, every figure is 0
     * @param backlog rows waiting over every shard
     * @param oldestAgeMillis how long the oldest of them has waited, over every shard (0 when none)
     */
    public record Outbox(boolean on, long backlog, long oldestAgeMillis, List<ShardBacklog> shards) {}

    /**
     * @param backlog events of every shard the database has not recorded
     * @param maxLagMillis the age of the oldest of them, over every shard
     * @param shards the shards with a backlog, the largest first, at most {@link ReadingOperations#SHARDS_SHOWN}
     */
    public record Persister(long backlog, long maxLagMillis, List<ShardProgress> shards) {}

    /** @param oldest {@code null} when none waits */
    public record DeadLetters(long count, DeadLetterSeen oldest) {}

    /**
     * The last periodic audit: {@code UP}, {@code FAILED}, or {@code UNKNOWN} (with every other field {@code null})
     * before its first run.
     */
    public record Audit(String status, String scope, Instant at, Long tookMillis, List<Check> checks) {}

    public record Check(String name, boolean ok, String detail) {}

    /**
     * @param mode {@code standalone} or {@code cluster}
     * @param nodes each node's durability settings by name ({@code appendonly}, {@code appendfsync},
     *     {@code maxmemory-policy}, {@code maxmemory})
     * @param warning what can lose acknowledged grabs, or {@code null} when nothing can
     */
    public record Redis(String mode, List<Node> nodes, String warning) {}

    public record Node(String node, Map<String, String> settings) {}
}
