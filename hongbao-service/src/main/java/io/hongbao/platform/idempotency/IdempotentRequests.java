package io.hongbao.platform.idempotency;

import static io.hongbao.platform.db.SqlTime.toSql;

import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.function.Supplier;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs a money-moving request at most once per (user, Idempotency-Key).
 *
 * <p>The answer is recorded in the same database transaction as the work. A concurrent repeat's INSERT of the same
 * primary key blocks on InnoDB's row lock until the first transaction ends: on commit it gets a duplicate key and
 * returns the recorded answer; on rollback (the work was refused) its own INSERT succeeds and it does the work itself.
 * Refused requests therefore record nothing, so a key is only spent by a success.
 *
 * <p>The fingerprint is the method, path and the request body re-serialised as JSON, so the same body with other
 * white space counts as the same request.
 */
public final class IdempotentRequests {

    private final JdbcClient jdbc;
    private final Transactions transactions;
    private final Blocking blocking;
    private final JsonMapper json;
    private final Clock clock;

    IdempotentRequests(JdbcClient jdbc, Transactions transactions, Blocking blocking, JsonMapper json, Clock clock) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.blocking = blocking;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Runs {@code work} (blocking, on the JDBC scheduler) inside a transaction, once per key when a key is given.
     *
     * @param request what identifies the request besides the key: method and path
     * @param body the parsed request body (may be null for body-less requests)
     */
    public Mono<ResponseEntity<String>> run(
            long userId, IdempotencyKey key, String request, Object body, Supplier<Answer> work) {
        return blocking.call(() -> key == null
                        ? transactions.inTransaction(() -> stored(work.get()))
                        : once(userId, key, fingerprint(request, body), work))
                .map(StoredAnswer::toResponse);
    }

    private StoredAnswer once(long userId, IdempotencyKey key, String fingerprint, Supplier<Answer> work) {
        try {
            return transactions.inTransaction(() -> {
                jdbc.sql("INSERT INTO idempotency_records (user_id, idempotency_key, fingerprint, response_status,"
                                + " response_body, created_at) VALUES (?, ?, ?, 0, '', ?)")
                        .params(userId, key.value(), fingerprint, toSql(clock.instant()))
                        .update();
                StoredAnswer answer = stored(work.get());
                jdbc.sql("UPDATE idempotency_records SET response_status = ?, response_body = ?"
                                + " WHERE user_id = ? AND idempotency_key = ?")
                        .params(answer.status(), answer.json(), userId, key.value())
                        .update();
                return answer;
            });
        } catch (DuplicateKeyException alreadyAnswered) {
            return recorded(userId, key, fingerprint);
        }
    }

    private StoredAnswer recorded(long userId, IdempotencyKey key, String fingerprint) {
        return jdbc.sql("SELECT fingerprint, response_status, response_body FROM idempotency_records"
                        + " WHERE user_id = ? AND idempotency_key = ?")
                .params(userId, key.value())
                .query((rs, row) -> {
                    if (!fingerprint.equals(rs.getString("fingerprint"))) {
                        throw new ApiException(
                                ErrorCode.IDEMPOTENCY_KEY_REUSED,
                                "this Idempotency-Key was used for a different request");
                    }
                    return new StoredAnswer(rs.getInt("response_status"), rs.getString("response_body"));
                })
                .single();
    }

    private StoredAnswer stored(Answer answer) {
        return new StoredAnswer(answer.status().value(), json.writeValueAsString(answer.body()));
    }

    private String fingerprint(String request, Object body) {
        String canonical = request + "\n" + (body == null ? "" : json.writeValueAsString(body));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private record StoredAnswer(int status, String json) {
        ResponseEntity<String> toResponse() {
            return ResponseEntity.status(status)
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(json);
        }
    }
}
