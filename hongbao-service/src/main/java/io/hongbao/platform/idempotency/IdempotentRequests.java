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
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.dao.DuplicateKeyException;
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
 * white space counts as the same request. Answers are typed: the first request gets its answer as the work made it,
 * a repeat gets it read back from the recorded JSON through the caller's {@link AnswerCodec}.
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
     * The request's committing step, for a use case that goes on after the commit.
     *
     * @param key null when the request carries none: the step then runs in a transaction of its own, every time
     * @param request what identifies the request besides the key: method and path
     * @param body the parsed request body (may be null for body-less requests)
     */
    public <A> Once<A> once(long userId, IdempotencyKey key, String request, Object body, AnswerCodec<A> codec) {
        return new Once<>() {
            @Override
            public <S> CompletionStage<Ran<S, A>> run(Supplier<S> step, Function<S, Optional<A>> answer) {
                return blocking.call(() -> key == null
                                ? inTransaction(step, answer)
                                : once(userId, key, fingerprint(request, body), codec, step, answer))
                        .toFuture();
            }
        };
    }

    /** Runs {@code work} (blocking, on the JDBC scheduler) in a transaction, once per key when a key is given. */
    public <A> Mono<A> run(
            long userId, IdempotencyKey key, String request, Object body, AnswerCodec<A> codec, Supplier<A> work) {
        return Mono.fromCompletionStage(
                        () -> once(userId, key, request, body, codec).run(work, Optional::of))
                .map(ran -> ran.answerOr(refused -> new IllegalStateException("work without an answer")));
    }

    private <S, A> Once.Ran<S, A> inTransaction(Supplier<S> step, Function<S, Optional<A>> answer) {
        try {
            return transactions.inTransaction(() -> {
                S outcome = step.get();
                return new Once.Done<>(outcome, answer.apply(outcome).orElseThrow(() -> new Refusal(outcome)));
            });
        } catch (Refusal refusal) {
            return refusal.ran();
        }
    }

    private <S, A> Once.Ran<S, A> once(
            long userId,
            IdempotencyKey key,
            String fingerprint,
            AnswerCodec<A> codec,
            Supplier<S> step,
            Function<S, Optional<A>> answer) {
        try {
            return transactions.inTransaction(() -> {
                jdbc.sql("INSERT INTO idempotency_records (user_id, idempotency_key, fingerprint, response_status,"
                                + " response_body, created_at) VALUES (?, ?, ?, 0, '', ?)")
                        .params(userId, key.value(), fingerprint, toSql(clock.instant()))
                        .update();
                S outcome = step.get();
                A answered = answer.apply(outcome).orElseThrow(() -> new Refusal(outcome));
                jdbc.sql("UPDATE idempotency_records SET response_status = ?, response_body = ?"
                                + " WHERE user_id = ? AND idempotency_key = ?")
                        .params(
                                codec.status().value(),
                                json.writeValueAsString(codec.toJson(answered)),
                                userId,
                                key.value())
                        .update();
                return new Once.Done<>(outcome, answered);
            });
        } catch (Refusal refusal) {
            return refusal.ran();
        } catch (DuplicateKeyException alreadyAnswered) {
            return new Once.Repeated<>(recorded(userId, key, fingerprint, codec));
        }
    }

    private <A> A recorded(long userId, IdempotencyKey key, String fingerprint, AnswerCodec<A> codec) {
        String recorded = jdbc.sql("SELECT fingerprint, response_body FROM idempotency_records"
                        + " WHERE user_id = ? AND idempotency_key = ?")
                .params(userId, key.value())
                .query((rs, row) -> {
                    if (!fingerprint.equals(rs.getString("fingerprint"))) {
                        throw new ApiException(
                                ErrorCode.IDEMPOTENCY_KEY_REUSED,
                                "this Idempotency-Key was used for a different request");
                    }
                    return rs.getString("response_body");
                })
                .single();
        return codec.fromJson(json.readValue(recorded, codec.jsonType()));
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

    /** Carries a refused outcome out of its transaction, which rolls back on the way. */
    private static final class Refusal extends RuntimeException {

        private final transient Object outcome;

        Refusal(Object outcome) {
            super(null, null, false, false);
            this.outcome = outcome;
        }

        @SuppressWarnings("unchecked")
        <S, A> Once.Ran<S, A> ran() {
            return new Once.Refused<>((S) outcome);
        }
    }
}
