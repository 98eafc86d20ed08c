package io.hongbao.ops.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.audit.application.AuditScopes;
import io.hongbao.audit.application.PeriodicAudit;
import io.hongbao.audit.application.RunningAudit;
import io.hongbao.audit.model.AuditCheck;
import io.hongbao.audit.model.AuditResult;
import io.hongbao.platform.outbox.OutboxProgress;
import io.hongbao.redpacket.model.PersisterProgress.Progress;
import io.hongbao.redpacket.model.PersisterProgress.ShardProgress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ReadingOperationsTest {

    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

    private final AtomicReference<Instant> now = new AtomicReference<>(NOW);
    private final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };
    private final InMemoryInstanceBoard board = new InMemoryInstanceBoard();
    private final AtomicInteger persisterReads = new AtomicInteger();
    private final List<ShardProgress> shards = new ArrayList<>();
    private final PeriodicAudit audit = new PeriodicAudit(
            RunningAudit.inOrder(List.of("money"), List.of(passing())),
            new AuditScopes(Duration.ofHours(1), clock),
            clock);
    private final ReadingOperations reading = new ReadingOperations(
            board,
            at -> {
                persisterReads.incrementAndGet();
                return new Progress(shards, 0, null);
            },
            audit,
            () -> new OpsSnapshot.Redis("standalone", List.of(), null),
            new OutboxProgress(clock, 1, false),
            clock,
            Duration.ofSeconds(5),
            Duration.ofSeconds(1));

    @Test
    void onlyTheInstancesSeenWithinUpWithinAreShownAndTheyAloneMakeTheTotals() {
        board.publish(instance("a", NOW.minusSeconds(1), 10));
        board.publish(instance("b", NOW.minusSeconds(5), 20));
        board.publish(instance("c", NOW.minusSeconds(6), 40));

        OpsSnapshot snapshot = reading.now();

        assertThat(snapshot.instances()).extracting(InstanceFigures::id).containsExactly("a", "b");
        assertThat(snapshot.totals().grabsPerSecond()).isEqualTo(30.0);
    }

    @Test
    void thePersisterShowsTheTwentyLargestBacklogsAndCountsThemAll() {
        for (int shard = 0; shard < 30; shard++) {
            shards.add(new ShardProgress(shard, shard + 1, shard * 100L));
        }

        OpsSnapshot.Persister persister = reading.now().persister();

        assertThat(persister.backlog()).isEqualTo(30 * 31 / 2);
        assertThat(persister.maxLagMillis()).isEqualTo(2900);
        assertThat(persister.shards()).hasSize(20);
        assertThat(persister.shards().get(0).shard()).isEqualTo(29);
        assertThat(persister.shards().get(19).shard()).isEqualTo(10);
    }

    @Test
    void thePersistersProgressIsReadAtMostOncePerPeriodHoweverManyAsk() {
        reading.now();
        reading.now();
        now.set(NOW.plusMillis(999));
        reading.now();
        assertThat(persisterReads).hasValue(1);

        now.set(NOW.plusSeconds(1));
        reading.now();
        assertThat(persisterReads).hasValue(2);
    }

    @Test
    void theAuditIsUnknownBeforeItsFirstRunThenItsLastOutcome() {
        assertThat(reading.now().audit().status()).isEqualTo("UNKNOWN");

        audit.runOnce();

        OpsSnapshot.Audit last = reading.now().audit();
        assertThat(last.status()).isEqualTo("UP");
        assertThat(last.scope()).isEqualTo("recent");
        assertThat(last.checks()).extracting(OpsSnapshot.Check::name).containsExactly("money");
    }

    private static InstanceFigures instance(String id, Instant seen, double grabs) {
        Figures idle = IntervalFigures.idle();
        return new InstanceFigures(id, "h", NOW, seen, new Figures(grabs, 0, idle.outcomesPerSecond(), Latency.NONE));
    }

    private static AuditCheck passing() {
        return new AuditCheck() {
            @Override
            public String name() {
                return "money";
            }

            @Override
            public AuditResult run() {
                return AuditResult.passed("fine");
            }
        };
    }
}
