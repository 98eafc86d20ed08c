package io.hongbao.platform.idempotency;

import static io.hongbao.platform.db.SqlTime.toSql;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The idempotency records of requests that record their keys themselves, many in one statement, in the caller's
 * transaction: a batch of draws records its keys in its spending transaction (ADR 0098). The rows have the shape
 * {@link IdempotentRequests} gives its own (answered {@code 200} with the given body, placed on the caller's shard), so
 * a key reused for another request, a repeat and the purge treat them alike.
 */
public final class IdempotencyRecords {

    /** Keys in one order for every batch: two batches holding common keys then wait for each other, never deadlock. */
    private static final Comparator<Answered> LOCK_ORDER = Comparator.comparingLong(Answered::userId)
            .thenComparing(answered -> answered.key().toLowerCase(Locale.ROOT))
            .thenComparing(Answered::key);

    private final JdbcClient jdbc;

    public IdempotencyRecords(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A request's record: its caller's key, its fingerprint, its answer's body, when it was made. */
    public record Answered(long userId, String key, String fingerprint, String body, Instant at) {}

    /** A record as stored. */
    public record Found(long userId, String key, String fingerprint, String body) {

        /** The stored key compares as the table's collation does, case-insensitively (keys are visible ASCII). */
        public boolean holds(long user, String value) {
            return userId == user && key.equalsIgnoreCase(value);
        }
    }

    /** The request's fingerprint, as {@link IdempotentRequests} computes it for the same method, path and body. */
    public static String fingerprint(String request) {
        return IdempotentRequests.fingerprintOf(request, "");
    }

    /**
     * Inserts the records whose keys are not recorded yet and answers how many it inserted. A key recorded by a
     * transaction still open waits for it (InnoDB's row lock): inserted when it rolls back, not when it commits.
     */
    public int insertMissing(List<Answered> records) {
        if (records.isEmpty()) {
            return 0;
        }
        List<Object> params = new ArrayList<>();
        records.stream().sorted(LOCK_ORDER).forEach(record -> {
            params.addAll(List.of(
                    record.userId(), record.userId(), record.key(), record.fingerprint(), HttpStatus.OK.value()));
            params.addAll(List.of(record.body(), toSql(record.at())));
        });
        return jdbc.sql("INSERT IGNORE INTO idempotency_records (user_id, shard_user_id, idempotency_key, fingerprint,"
                        + " response_status, response_body, created_at) VALUES "
                        + String.join(", ", Collections.nCopies(records.size(), "(?, ?, ?, ?, ?, ?, ?)")))
                .params(params)
                .update();
    }

    /** The records of these users' keys (a superset: every pair of a listed user and a listed key). */
    public List<Found> find(List<Long> users, List<String> keys) {
        return jdbc.sql("SELECT user_id, idempotency_key, fingerprint, response_body FROM idempotency_records"
                        + " WHERE shard_user_id IN (:users) AND user_id IN (:users) AND idempotency_key IN (:keys)")
                .param("users", users)
                .param("keys", keys)
                .query((rs, row) -> new Found(
                        rs.getLong("user_id"),
                        rs.getString("idempotency_key"),
                        rs.getString("fingerprint"),
                        rs.getString("response_body")))
                .list();
    }

    /** Takes back a record this transaction inserted for a request that was then refused: refusals record nothing. */
    public void delete(long userId, String key) {
        jdbc.sql("DELETE FROM idempotency_records WHERE shard_user_id = ? AND user_id = ? AND idempotency_key = ?")
                .params(userId, userId, key)
                .update();
    }
}
