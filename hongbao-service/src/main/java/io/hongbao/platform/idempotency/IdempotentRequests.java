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
import java.util.List;
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
 *
 * <p>The record is placed on the database shard of the user whose rows the work writes (ADR 0089): the caller's own
 * for its own sends, groups and draws; the account's user for an admin's deposit or grant ({@link #runFor}). Record
 * and work then commit in one local transaction on one database, whatever the shards: ShardingSphere commits the
 * databases of one transaction one after another, so a record on another database than its work could commit
 * without it (a replayed success for nothing) or be lost after it (a retry doing the work twice).
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
        return once(userId, userId, key, request, body, codec);
    }

    private <A> Once<A> once(
            long userId, long shardUserId, IdempotencyKey key, String request, Object body, AnswerCodec<A> codec) {
        return new Once<>() {
            @Override
            public <S> CompletionStage<Ran<S, A>> run(Supplier<S> step, Function<S, Optional<A>> answer) {
                return blocking.call(() -> key == null
                                ? inTransaction(step, answer)
                                : once(
                                        new Holder(userId, shardUserId, key),
                                        fingerprint(request, body),
                                        codec,
                                        step,
                                        answer))
                        .toFuture();
            }
        };
    }

    /**
     * Runs {@code work} (blocking, on the JDBC scheduler) in a transaction, once per key when a key is given; for work
     * that writes only the caller's own rows.
     */
    public <A> Mono<A> run(
            long userId, IdempotencyKey key, String request, Object body, AnswerCodec<A> codec, Supplier<A> work) {
        return runFor(userId, userId, key, request, body, codec, work);
    }

    /**
     * As {@link #run}, for work that writes only {@code shardUserId}'s rows on the caller's behalf (an admin's deposit
     * into that user's account): the key is still the caller's, the record is placed on that user's database shard,
     * with the work. {@code request} must name that user, so that the same key for another user's account is another
     * request.
     */
    public <A> Mono<A> runFor(
            long userId,
            long shardUserId,
            IdempotencyKey key,
            String request,
            Object body,
            AnswerCodec<A> codec,
            Supplier<A> work) {
        return Mono.fromCompletionStage(() ->
                        once(userId, shardUserId, key, request, body, codec).run(work, Optional::of))
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
            Holder holder,
            String fingerprint,
            AnswerCodec<A> codec,
            Supplier<S> step,
            Function<S, Optional<A>> answer) {
        if (holder.placedAway()) {
            // The caller's key may be recorded on another database shard: for another user's account (another
            // request), or before records were placed with their work. The insert below sees only its own shard.
            Optional<String> elsewhere = recordedAnywhere(holder, fingerprint);
            if (elsewhere.isPresent()) {
                return new Once.Repeated<>(codec.fromJson(json.readValue(elsewhere.get(), codec.jsonType())));
            }
        }
        try {
            return transactions.inTransaction(() -> {
                jdbc.sql("INSERT INTO idempotency_records (user_id, shard_user_id, idempotency_key, fingerprint,"
                                + " response_status, response_body, created_at) VALUES (?, ?, ?, ?, 0, '', ?)")
                        .params(
                                holder.userId(),
                                holder.shardUserId(),
                                holder.key().value(),
                                fingerprint,
                                toSql(clock.instant()))
                        .update();
                S outcome = step.get();
                A answered = answer.apply(outcome).orElseThrow(() -> new Refusal(outcome));
                jdbc.sql("UPDATE idempotency_records SET response_status = ?, response_body = ?"
                                + " WHERE shard_user_id = ? AND user_id = ? AND idempotency_key = ?")
                        .params(
                                codec.status().value(),
                                json.writeValueAsString(codec.toJson(answered)),
                                holder.shardUserId(),
                                holder.userId(),
                                holder.key().value())
                        .update();
                return new Once.Done<>(outcome, answered);
            });
        } catch (Refusal refusal) {
            return refusal.ran();
        } catch (DuplicateKeyException alreadyAnswered) {
            return new Once.Repeated<>(recorded(holder, fingerprint, codec));
        }
    }

    private <A> A recorded(Holder holder, String fingerprint, AnswerCodec<A> codec) {
        String recorded = jdbc.sql("SELECT fingerprint, response_body FROM idempotency_records"
                        + " WHERE shard_user_id = ? AND user_id = ? AND idempotency_key = ?")
                .params(holder.shardUserId(), holder.userId(), holder.key().value())
                .query((rs, row) ->
                        answeredFor(fingerprint, rs.getString("fingerprint"), rs.getString("response_body")))
                .single();
        return codec.fromJson(json.readValue(recorded, codec.jsonType()));
    }

    /**
     * The caller's committed answer under the key on any database shard, read before the work's transaction: the one
     * for this request if there is one, else a refusal if the key answered another request.
     */
    private Optional<String> recordedAnywhere(Holder holder, String fingerprint) {
        List<String[]> found = jdbc.sql("SELECT fingerprint, response_body FROM idempotency_records"
                        + " WHERE user_id = ? AND idempotency_key = ?")
                .params(holder.userId(), holder.key().value())
                .query((rs, row) -> new String[] {rs.getString("fingerprint"), rs.getString("response_body")})
                .list();
        return found.stream()
                .filter(row -> row[0].equals(fingerprint))
                .map(row -> row[1])
                .findFirst()
                .or(() -> found.stream().findFirst().map(row -> answeredFor(fingerprint, row[0], row[1])));
    }

    private static String answeredFor(String fingerprint, String recordedFingerprint, String answer) {
        if (!fingerprint.equals(recordedFingerprint)) {
            throw new ApiException(
                    ErrorCode.IDEMPOTENCY_KEY_REUSED, "this Idempotency-Key was used for a different request");
        }
        return answer;
    }

    /** Whose key it is ({@code userId}), and the user whose database shard holds its record with the work. */
    private record Holder(long userId, long shardUserId, IdempotencyKey key) {

        boolean placedAway() {
            return userId != shardUserId;
        }
    }

    private String fingerprint(String request, Object body) {
        return fingerprintOf(request, body == null ? "" : json.writeValueAsString(body));
    }

    /** The fingerprint of a request (method and path) and its body as canonical JSON ("" for none). */
    static String fingerprintOf(String request, String canonicalBody) {
        String canonical = request + "\n" + canonicalBody;
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
