package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.http.measure.OutboxDrain.Drained;
import io.hongbao.bench.http.measure.OutboxDrain.Reading;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OutboxDrainTest {

    @Test
    void anEmptyOutboxBeforeEveryGrantIsPersistedIsNotDrained() {
        List<Reading> readings =
                List.of(new Reading(0.0, 4_000), new Reading(0.2, 0), new Reading(0.4, 600), new Reading(0.6, 0));

        assertThat(OutboxDrain.drained(readings, 0.3)).isEqualTo(new Drained(4_000, 0.6));
        assertThat(OutboxDrain.drained(readings, 0.1)).isEqualTo(new Drained(4_000, 0.2));
    }

    @Test
    void notYetEmptyIsNegative() {
        assertThat(OutboxDrain.drained(List.of(new Reading(0.0, 10), new Reading(0.1, 5)), 0))
                .isEqualTo(new Drained(10, -1));
        assertThat(OutboxDrain.drained(List.of(), 0)).isEqualTo(new Drained(-1, -1));
    }

    @Test
    void watchesUntilTheOutboxIsEmpty() throws Exception {
        AtomicLong rows = new AtomicLong(3);
        try (OutboxDrain drain = OutboxDrain.watch(() -> Math.max(0, rows.getAndDecrement()), System.nanoTime())) {
            Drained drained = drain.await(0, Duration.ofSeconds(10));
            assertThat(drained.rowsAtLoadStop()).isEqualTo(3);
            assertThat(drained.drainSeconds()).isPositive();
        }
    }
}
