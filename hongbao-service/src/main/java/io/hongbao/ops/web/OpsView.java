package io.hongbao.ops.web;

import io.hongbao.ops.application.Figures;
import io.hongbao.ops.application.InstanceFigures;
import io.hongbao.ops.application.Latency;
import io.hongbao.ops.application.OpsSnapshot;
import io.hongbao.redpacket.model.PersisterProgress.DeadLetterSeen;
import io.hongbao.redpacket.model.PersisterProgress.ShardProgress;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code GET /api/v1/admin/ops}: docs/api.md, Operations. */
@Schema(description = "the whole deployment at one moment, for the operator dashboard")
record OpsView(
        @Schema(description = "when this snapshot was taken")
        Instant at,

        @Schema(description = "the instances seen within hongbao.ops.up-within (5 s), by id")
        List<InstanceView> instances,

        @Schema(description = "the sums of the instances' rates; latency: the worst p99, a grabs-weighted p50")
        FiguresView totals,

        PersisterView persister,
        DeadLettersView deadLetters,
        AuditView audit,
        RedisView redis,
        OutboxView outbox) {

    static OpsView of(OpsSnapshot snapshot) {
        return new OpsView(
                snapshot.at(),
                snapshot.instances().stream().map(InstanceView::of).toList(),
                FiguresView.of(snapshot.totals()),
                PersisterView.of(snapshot.persister()),
                DeadLettersView.of(snapshot.deadLetters()),
                AuditView.of(snapshot.audit()),
                RedisView.of(snapshot.redis()),
                OutboxView.of(snapshot.outbox()));
    }

    @Schema(
            description = "the money events waiting in the outbox for the bus (docs/events.md), as this instance last"
                    + " sampled each database shard")
    record OutboxView(
            @Schema(description = "whether events are published: false without HONGBAO_KAFKA_BOOTSTRAP (then all 0)")
            boolean on,

            @Schema(description = "rows waiting, over every database shard")
            long backlog,

            @Schema(description = "how long the oldest of them has waited, over every shard (0 when none)")
            long oldestAgeMillis,

            @Schema(description = "each database shard, shard 0 first")
            List<OutboxShardView> shards) {

        static OutboxView of(OpsSnapshot.Outbox outbox) {
            return new OutboxView(
                    outbox.on(),
                    outbox.backlog(),
                    outbox.oldestAgeMillis(),
                    outbox.shards().stream()
                            .map(s -> new OutboxShardView(s.shard(), s.rows(), s.oldestAgeMillis()))
                            .toList());
        }
    }

    record OutboxShardView(int shard, long backlog, long oldestAgeMillis) {}

    @Schema(description = "one service instance and its figures over its last interval (one second)")
    record InstanceView(
            @Schema(description = "unique per process start: host, process id, a random part")
            String id,

            String host,
            Instant startedAt,

            @Schema(description = "when it last published its figures")
            Instant lastSeenAt,

            @Schema(description = "grab answers per second, every outcome")
            double grabsPerSecond,

            @Schema(description = "draws per second (POST /api/v1/wheels/{id}/draw answers)")
            double drawsPerSecond,

            @Schema(description = "grab answers per second by outcome, every outcome present")
            Map<String, Double> outcomesPerSecond,

            LatencyView grabLatencyMillis,

            @Schema(description = "campaign grab answers per second by outcome (those seen since the instance started)")
            Map<String, Double> campaignOutcomesPerSecond,

            @Schema(
                    description = "campaign grabs answered TRY_AGAIN per second by reason: rate, busy (too many"
                            + " waiting for Redis), limits (Redis short of memory or the database too far behind)")
            Map<String, Double> campaignRefusalsPerSecond) {

        static InstanceView of(InstanceFigures instance) {
            Figures figures = instance.figures();
            return new InstanceView(
                    instance.id(),
                    instance.host(),
                    instance.startedAt(),
                    instance.lastSeenAt(),
                    figures.grabsPerSecond(),
                    figures.drawsPerSecond(),
                    new TreeMap<>(figures.outcomesPerSecond()),
                    LatencyView.of(figures.grabLatencyMillis()),
                    new TreeMap<>(figures.campaignOutcomesPerSecond()),
                    new TreeMap<>(figures.campaignRefusalsPerSecond()));
        }
    }

    @Schema(description = "the deployment's rates: the sums of the instances'")
    record FiguresView(
            double grabsPerSecond,
            double drawsPerSecond,
            Map<String, Double> outcomesPerSecond,
            LatencyView grabLatencyMillis,
            Map<String, Double> campaignOutcomesPerSecond,
            Map<String, Double> campaignRefusalsPerSecond) {

        static FiguresView of(Figures figures) {
            return new FiguresView(
                    figures.grabsPerSecond(),
                    figures.drawsPerSecond(),
                    new TreeMap<>(figures.outcomesPerSecond()),
                    LatencyView.of(figures.grabLatencyMillis()),
                    new TreeMap<>(figures.campaignOutcomesPerSecond()),
                    new TreeMap<>(figures.campaignRefusalsPerSecond()));
        }
    }

    @Schema(description = "grab latency over the last interval, in milliseconds; null when no grab was answered")
    record LatencyView(
            @Schema(nullable = true, description = "median") Double p50,

            @Schema(nullable = true, description = "99th percentile")
            Double p99) {

        static LatencyView of(Latency latency) {
            return new LatencyView(latency.p50(), latency.p99());
        }
    }

    @Schema(description = "the events Redis decided that the database has not recorded")
    record PersisterView(
            @Schema(description = "over every shard") long backlog,

            @Schema(description = "the age of the oldest of them, over every shard (0 when none)")
            long maxLagMillis,

            @Schema(description = "the shards with a backlog, largest first, at most 20")
            List<ShardView> shards) {

        static PersisterView of(OpsSnapshot.Persister persister) {
            return new PersisterView(
                    persister.backlog(),
                    persister.maxLagMillis(),
                    persister.shards().stream().map(ShardView::of).toList());
        }
    }

    record ShardView(
            int shard,
            long backlog,

            @Schema(description = "the age of its oldest unrecorded event, from its stream id")
            long lagMillis) {

        static ShardView of(ShardProgress shard) {
            return new ShardView(shard.shard(), shard.backlog(), shard.lagMillis());
        }
    }

    @Schema(description = "stream entries the persister could not write, waiting for an operator")
    record DeadLettersView(
            long count, @Schema(nullable = true) DeadLetterView oldest) {

        static DeadLettersView of(OpsSnapshot.DeadLetters letters) {
            return new DeadLettersView(
                    letters.count(), letters.oldest() == null ? null : DeadLetterView.of(letters.oldest()));
        }
    }

    @Schema(description = "the oldest dead letter; null when none waits")
    record DeadLetterView(
            int shard,

            @Schema(description = "the id of the stream entry it holds")
            String entryId,

            Instant movedAt,
            String reason) {

        static DeadLetterView of(DeadLetterSeen letter) {
            return new DeadLetterView(letter.shard(), letter.entryId(), letter.movedAt(), letter.reason());
        }
    }

    @Schema(description = "the last periodic audit this instance ran")
    record AuditView(
            @Schema(
                    allowableValues = {"UP", "FAILED", "UNKNOWN"},
                    description = "UNKNOWN before the first run")
            String status,

            @Schema(nullable = true) String scope,

            @Schema(nullable = true, description = "when it finished")
            Instant at,

            @Schema(nullable = true) Long tookMillis,
            List<CheckView> checks) {

        static AuditView of(OpsSnapshot.Audit audit) {
            return new AuditView(
                    audit.status(),
                    audit.scope(),
                    audit.at(),
                    audit.tookMillis(),
                    audit.checks().stream()
                            .map(check -> new CheckView(check.name(), check.ok(), check.detail()))
                            .toList());
        }
    }

    record CheckView(String name, boolean ok, String detail) {}

    @Schema(description = "the Redis servers' durability settings")
    record RedisView(
            @Schema(allowableValues = {"standalone", "cluster"})
            String mode,

            @Schema(description = "every node, replicas too")
            List<NodeView> nodes,

            @Schema(nullable = true, description = "what can lose acknowledged grabs; null when nothing can")
            String warning) {

        static RedisView of(OpsSnapshot.Redis redis) {
            return new RedisView(
                    redis.mode(), redis.nodes().stream().map(NodeView::of).toList(), redis.warning());
        }
    }

    record NodeView(
            @Schema(description = "host:port") String node,
            @Schema(nullable = true) String appendonly,
            @Schema(nullable = true) String appendfsync,
            @Schema(nullable = true) String maxmemoryPolicy,

            @Schema(nullable = true, description = "bytes; 0 means no limit")
            Long maxmemory) {

        static NodeView of(OpsSnapshot.Node node) {
            Map<String, String> settings = node.settings();
            return new NodeView(
                    node.node(),
                    settings.get("appendonly"),
                    settings.get("appendfsync"),
                    settings.get("maxmemory-policy"),
                    settings.get("maxmemory") == null ? null : Long.valueOf(settings.get("maxmemory")));
        }
    }
}
