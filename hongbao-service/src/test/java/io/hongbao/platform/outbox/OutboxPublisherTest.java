package io.hongbao.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class OutboxPublisherTest {

    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    private final InMemoryShardOutbox outbox = new InMemoryShardOutbox();
    private final RecordingBus bus = new RecordingBus();
    private final OutboxPublisher publisher =
            new OutboxPublisher(2, outbox, bus, 3, Clock.fixed(NOW, ZoneOffset.UTC), new SimpleMeterRegistry());

    @Test
    void rowsLeaveInPositionOrderBatchAfterBatchAndAreDeletedOnlyOnceAcknowledged() {
        for (long position = 1; position <= 7; position++) {
            outbox.add(position, "user:" + (position % 2));
        }

        int published = publisher.publishOnce();

        assertThat(published).isEqualTo(7);
        assertThat(bus.values()).containsExactly(value(1), value(2), value(3), value(4), value(5), value(6), value(7));
        assertThat(bus.batches).containsExactly(3, 3, 1);
        assertThat(outbox.rows).isEmpty();
    }

    @Test
    void aFailedSendDeletesWhatWasAcknowledgedAndSendsTheRestAgainFromTheOldestWithTheSameBytes() {
        for (long position = 1; position <= 3; position++) {
            outbox.add(position, "user:1");
        }
        bus.acknowledgeOnly = 1;

        assertThatThrownBy(publisher::publishOnce).hasMessageContaining("broker away");
        assertThat(outbox.rows.keySet()).containsExactly(2L, 3L);

        bus.acknowledgeOnly = Integer.MAX_VALUE;
        publisher.publishOnce();

        assertThat(bus.values()).containsExactly(value(1), value(2), value(3), value(2), value(3));
        assertThat(outbox.rows).isEmpty();
    }

    @Test
    void whileAnotherInstanceIsTheShardsPublisherNothingIsReadOrSent() {
        outbox.add(1, "user:1");
        outbox.claimable = false;

        assertThat(publisher.publishOnce()).isZero();
        assertThat(bus.values()).isEmpty();
        assertThat(outbox.rows).hasSize(1);
    }

    @Test
    void aRowCommittedLateWithALowerPositionIsStillPublishedOnTheNextPass() {
        outbox.add(2, "user:2");
        publisher.publishOnce();
        // Position 1 was taken by a transaction that committed after position 2's: another account's (Outbox).
        outbox.add(1, "user:1");

        publisher.publishOnce();

        assertThat(bus.values()).containsExactly(value(2), value(1));
        assertThat(outbox.rows).isEmpty();
    }

    private static String value(long position) {
        return "{\"shard\":2,\"position\":" + position + ",\"id\":\"e" + position + "\"}";
    }

    private static final class InMemoryShardOutbox implements ShardOutbox {

        final TreeMap<Long, OutboxRow> rows = new TreeMap<>();
        boolean claimable = true;

        void add(long position, String account) {
            rows.put(position, new OutboxRow(position, account, "{\"id\":\"e" + position + "\"}", NOW));
        }

        @Override
        public boolean claim() {
            return claimable;
        }

        @Override
        public List<OutboxRow> oldest(int limit) {
            return rows.values().stream().limit(limit).toList();
        }

        @Override
        public void delete(List<Long> positions) {
            positions.forEach(rows::remove);
        }

        @Override
        public void release() {}

        @Override
        public Backlog backlog() {
            return new Backlog(rows.size(), rows.isEmpty() ? null : NOW);
        }
    }

    private static final class RecordingBus implements EventBus {

        final List<Integer> batches = new ArrayList<>();
        final List<String> published = new ArrayList<>();
        int acknowledgeOnly = Integer.MAX_VALUE;

        @Override
        public Acks send(int shard, List<OutboxRow> rows) {
            batches.add(rows.size());
            List<Long> acknowledged = new ArrayList<>();
            for (OutboxRow row : rows) {
                published.add(row.published(shard));
                if (acknowledged.size() < acknowledgeOnly) {
                    acknowledged.add(row.position());
                }
            }
            RuntimeException failure =
                    acknowledged.size() < rows.size() ? new IllegalStateException("broker away") : null;
            return new Acks(acknowledged, failure);
        }

        List<String> values() {
            return published;
        }

        @Override
        public void close() {}
    }
}
