package io.hongbao.platform.outbox;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.platform.collections.Chunks;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The outbox in {@code outbox_events}, through the sharding layer: a row is placed by its {@code account} (a ledger
 * account, so where that account's legs are), which is the database of the caller's transaction. A batch of events is
 * one multi-row {@code INSERT} per {@value #ROWS_PER_STATEMENT} rows, so the persister's batches pay one statement
 * more, not one per event.
 */
final class JdbcOutbox implements Outbox {

    static final int ROWS_PER_STATEMENT = 500;

    private final Clock clock;

    /** @param clock when a row is written, which the publish lag counts from (not when its effect was decided) */
    JdbcOutbox(Clock clock) {
        this.clock = clock;
    }

    @Override
    public boolean writes() {
        return true;
    }

    @Override
    public void write(JdbcClient jdbc, List<OutboxEvent> events) {
        LocalDateTime written = toSql(clock.instant());
        for (List<OutboxEvent> chunk : Chunks.of(events, ROWS_PER_STATEMENT)) {
            List<Object> params = new ArrayList<>(chunk.size() * 3);
            for (OutboxEvent event : chunk) {
                params.add(event.key());
                params.add(event.json());
                params.add(written);
            }
            jdbc.sql("INSERT INTO outbox_events (record_key, payload, created_at) VALUES "
                            + String.join(", ", Collections.nCopies(chunk.size(), "(?, ?, ?)")))
                    .params(params)
                    .update();
        }
    }
}
