package io.hongbao.ops.application;

import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.PeriodicAudit.LastAudit;
import io.hongbao.platform.outbox.OutboxProgress;
import io.hongbao.platform.outbox.OutboxProgress.ShardBacklog;
import io.hongbao.redpacket.model.PersisterProgress;
import io.hongbao.redpacket.model.PersisterProgress.Progress;
import io.hongbao.redpacket.model.PersisterProgress.ShardProgress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * The operator's snapshot of the whole deployment (ADR 0077): the instances seen on the {@link InstanceBoard} within
 * {@code upWithin} and their totals, the persister's progress and Redis' durability settings (each read at most once
 * per {@code readEvery} by this instance, whoever asks), the last periodic audit this instance ran, and the outbox's
 * backlog per database shard as this instance last sampled it.
 */
public final class ReadingOperations {

    /** The shards with the largest backlog shown; the backlog and the lag count them all. */
    public static final int SHARDS_SHOWN = 20;

    private final InstanceBoard board;
    private final PeriodicAudit audit;
    private final Clock clock;
    private final Duration upWithin;
    private final Cached<Progress> progress;
    private final Cached<OpsSnapshot.Redis> redis;
    private final OutboxProgress outbox;

    public ReadingOperations(
            InstanceBoard board,
            PersisterProgress persister,
            PeriodicAudit audit,
            RedisDurability redis,
            OutboxProgress outbox,
            Clock clock,
            Duration upWithin,
            Duration readEvery) {
        this.outbox = outbox;
        this.board = board;
        this.audit = audit;
        this.clock = clock;
        this.upWithin = upWithin;
        this.progress = new Cached<>(() -> persister.now(clock.instant()), clock, readEvery);
        this.redis = new Cached<>(redis::read, clock, readEvery);
    }

    /** Blocking: reads Redis. */
    public OpsSnapshot now() {
        Instant at = clock.instant();
        List<InstanceFigures> up = board.all().stream()
                .filter(instance -> !instance.lastSeenAt().isBefore(at.minus(upWithin)))
                .sorted(Comparator.comparing(InstanceFigures::id))
                .toList();
        Figures totals = Totals.of(up.stream().map(InstanceFigures::figures).toList());
        Progress persister = progress.get();
        return new OpsSnapshot(
                at,
                up,
                totals,
                persister(persister),
                new OpsSnapshot.DeadLetters(persister.deadLetters(), persister.oldestDeadLetter()),
                audit(audit.last().orElse(null)),
                redis.get(),
                outbox(outbox));
    }

    static OpsSnapshot.Outbox outbox(OutboxProgress progress) {
        List<ShardBacklog> shards = progress.shards();
        long backlog = 0;
        long oldest = 0;
        for (ShardBacklog shard : shards) {
            backlog += shard.rows();
            oldest = Math.max(oldest, shard.oldestAgeMillis());
        }
        return new OpsSnapshot.Outbox(progress.on(), backlog, oldest, shards);
    }

    static OpsSnapshot.Persister persister(Progress progress) {
        long backlog = 0;
        long maxLag = 0;
        for (ShardProgress shard : progress.shards()) {
            backlog += shard.backlog();
            maxLag = Math.max(maxLag, shard.lagMillis());
        }
        List<ShardProgress> largest = progress.shards().stream()
                .filter(shard -> shard.backlog() > 0)
                .sorted(Comparator.comparingLong(ShardProgress::backlog)
                        .reversed()
                        .thenComparingInt(ShardProgress::shard))
                .limit(SHARDS_SHOWN)
                .toList();
        return new OpsSnapshot.Persister(backlog, maxLag, largest);
    }

    static OpsSnapshot.Audit audit(LastAudit last) {
        if (last == null) {
            return new OpsSnapshot.Audit("UNKNOWN", null, null, null, List.of());
        }
        return new OpsSnapshot.Audit(
                last.ok() ? "UP" : "FAILED",
                last.report().scope(),
                last.at(),
                last.took().toMillis(),
                last.report().checks().stream()
                        .map(check -> new OpsSnapshot.Check(check.name(), check.ok(), check.detail()))
                        .toList());
    }
}
