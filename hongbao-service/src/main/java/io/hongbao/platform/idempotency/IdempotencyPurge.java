package io.hongbao.platform.idempotency;

import io.hongbao.platform.db.SqlTime;
import io.hongbao.platform.workers.PeriodicWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Deletes idempotency records older than the retention, in batches of short statements so that no pass holds many
 * row locks or a long transaction beside the requests. A repeat arriving after its record went is a new request; the
 * contract says so (docs/api.md, Idempotency). Safe on several instances at once: a row is deleted once, whoever
 * does it.
 */
public final class IdempotencyPurge extends PeriodicWorker {

    /** Bounds one pass; what is left goes in the next one. */
    static final int MAX_BATCHES_PER_PASS = 100;

    private final JdbcClient jdbc;
    private final Clock clock;
    private final Duration retention;
    private final int batchSize;

    IdempotencyPurge(JdbcClient jdbc, Clock clock, IdempotencySettings settings) {
        super("idempotency-purge", settings.purge().every(), settings.purge().enabled());
        this.jdbc = jdbc;
        this.clock = clock;
        this.retention = settings.retention();
        this.batchSize = settings.purge().batchSize();
    }

    @Override
    protected int runOnce() {
        return purge();
    }

    /** Deletes what is older than the retention, at most {@link #MAX_BATCHES_PER_PASS} batches; how many rows. */
    public int purge() {
        LocalDateTime before = SqlTime.toSql(clock.instant().minus(retention));
        int purged = 0;
        for (int batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
            // The batch is chosen first, then deleted by key: ShardingSphere cannot bound a DELETE spread over several
            // shards with LIMIT, but it merges a SELECT's LIMIT across them (ADR 0083).
            List<Object[]> keys = jdbc.sql("SELECT user_id, idempotency_key FROM idempotency_records"
                            + " WHERE created_at < ? ORDER BY created_at LIMIT ?")
                    .param(before)
                    .param(batchSize)
                    .query((rs, row) -> new Object[] {rs.getLong(1), rs.getString(2)})
                    .list();
            if (!keys.isEmpty()) {
                List<Object> params = new ArrayList<>();
                params.add(before);
                keys.forEach(key -> params.addAll(List.of(key)));
                purged += jdbc.sql("DELETE FROM idempotency_records WHERE created_at < ? AND (user_id, idempotency_key)"
                                + " IN (" + String.join(", ", Collections.nCopies(keys.size(), "(?, ?)")) + ")")
                        .params(params)
                        .update();
            }
            if (keys.size() < batchSize) {
                break;
            }
        }
        return purged;
    }
}
