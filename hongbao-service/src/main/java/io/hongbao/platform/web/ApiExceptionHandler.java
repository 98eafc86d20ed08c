package io.hongbao.platform.web;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import java.io.IOException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * Turns every failure into the contract's error body. Runs before Spring Boot's default handler (order -1), so no
 * HTML or Whitelabel body ever leaves the service.
 */
@Order(-2)
final class ApiExceptionHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /**
     * The store may have failed after the work committed (a lost commit acknowledgement, a script that ran after its
     * command timed out), so the generic answer cannot claim that nothing changed; every state-changing operation takes
     * an Idempotency-Key (or, like a grab, is idempotent by itself), which makes the retry safe.
     */
    static final String STORE_DOWN = "a backing store is unavailable; the outcome is unknown: a retry with the same"
            + " Idempotency-Key is safe";

    private static final List<String> REDIS_NOT_NOW =
            List.of("LOADING", "BUSY", "READONLY", "MASTERDOWN", "MISCONF", "NOREPLICAS", "TRYAGAIN", "CLUSTERDOWN");

    private final ApiErrorWriter writer;
    private final ClientAborts aborts;

    ApiExceptionHandler(ApiErrorWriter writer, ClientAborts aborts) {
        this.writer = writer;
        this.aborts = aborts;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        // Java 17: no pattern switch yet, so an instanceof chain, most specific first.
        if (ClientAborts.isAbort(failure)) {
            // The client hung up while its answer was being written: nobody to answer, nothing of ours went wrong.
            aborts.count(exchange, "the connection closed under the answer's write");
            return Mono.empty();
        }
        if (failure instanceof ApiException e) {
            if (e.retryAfterSeconds() > 0 && !exchange.getResponse().isCommitted()) {
                exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfterSeconds()));
            }
            return writer.write(exchange, e.code(), e.getMessage());
        }
        if (failure instanceof UnknownOutcome e) {
            log.warn("a backing store is unavailable: {}", String.valueOf(e.getCause()));
            return writer.write(exchange, ErrorCode.UNAVAILABLE, e.getMessage());
        }
        if (failure instanceof ServerWebInputException e) {
            return writer.write(exchange, ErrorCode.VALIDATION_FAILED, inputProblem(e));
        }
        if (failure instanceof MethodNotAllowedException e) {
            // The methods the path takes, as RFC 9110 asks of a 405: what the caller can send instead.
            if (!exchange.getResponse().isCommitted()
                    && !e.getSupportedMethods().isEmpty()) {
                exchange.getResponse().getHeaders().setAllow(e.getSupportedMethods());
            }
            return writer.write(exchange, ErrorCode.METHOD_NOT_ALLOWED, e.getReason());
        }
        if (failure instanceof UnsupportedMediaTypeStatusException) {
            return writer.write(exchange, ErrorCode.UNSUPPORTED_MEDIA_TYPE, "send application/json in UTF-8");
        }
        if (failure instanceof ResponseStatusException e) {
            return byStatus(exchange, e.getStatusCode(), e.getReason());
        }
        return unexpected(exchange, failure);
    }

    private Mono<Void> byStatus(ServerWebExchange exchange, HttpStatusCode status, String reason) {
        if (status.value() == HttpStatus.NOT_FOUND.value()) {
            return writer.write(exchange, ErrorCode.NOT_FOUND, "no such resource");
        }
        if (status.is4xxClientError()) {
            return writer.write(
                    exchange,
                    HttpStatus.valueOf(status.value()),
                    ErrorCode.VALIDATION_FAILED,
                    reason != null ? reason : withoutReason(status));
        }
        return writer.write(exchange, ErrorCode.INTERNAL, "internal error");
    }

    /** What a refusal the framework gave no reason for says: something a person can act on, never "null". */
    private static String withoutReason(HttpStatusCode status) {
        if (status.value() == HttpStatus.PAYLOAD_TOO_LARGE.value()) {
            return "the request body is too large";
        }
        HttpStatus known = HttpStatus.resolve(status.value());
        return known == null
                ? "the request was refused"
                : known.getReasonPhrase().toLowerCase(java.util.Locale.ROOT);
    }

    private Mono<Void> unexpected(ServerWebExchange exchange, Throwable failure) {
        if (isStoreDown(failure)) {
            log.warn("a backing store is unavailable: {}", failure.toString());
            return writer.write(exchange, ErrorCode.UNAVAILABLE, STORE_DOWN);
        }
        log.error("unexpected failure on {}", exchange.getRequest().getPath(), failure);
        return writer.write(exchange, ErrorCode.INTERNAL, "internal error");
    }

    static boolean isStoreDown(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // A RedisCommandExecutionException is Redis refusing a command: a bug of ours (500) unless Redis says it
            // cannot serve for now; any other RedisException means it could not be reached or did not answer in time.
            // A connection reset under commands in flight (Redis killed) reaches them as the channel's own
            // IOException, unwrapped.
            if ((t instanceof RedisException && !(t instanceof RedisCommandExecutionException))
                    || (t instanceof RedisCommandExecutionException e && refusesForNow(e))
                    // Out of memory: a write refused, maybe after a script's earlier writes; the outcome is unknown.
                    || (t instanceof RedisCommandExecutionException e && refusedForMemory(e))
                    || t instanceof IOException
                    || t instanceof DataAccessResourceFailureException
                    || t instanceof TransientDataAccessException
                    || t instanceof CannotCreateTransactionException
                    // The commit or rollback failed (the connection died under it): the commit may have reached the
                    // database, so the outcome is unknown, as for the connection's own errors (SQLState class 08).
                    || t instanceof TransactionSystemException
                    || t instanceof SQLNonTransientConnectionException
                    || t instanceof SQLRecoverableException
                    || t instanceof SQLTransientException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Redis' errors for "not now", which change nothing: still loading its data after a restart
     * (OneStoreFaultsIT.RedisKilled), busy with a script past its time limit, a replica (after a failover, or with
     * stale data refused), persistence failing, too few replicas to accept writes, a cluster slot moving or down.
     */
    private static boolean refusesForNow(RedisCommandExecutionException e) {
        String message = String.valueOf(e.getMessage());
        return REDIS_NOT_NOW.stream().anyMatch(code -> message.startsWith(code + " "));
    }

    /**
     * Redis over {@code maxmemory} refusing a write ({@code OOM command not allowed ...}), also when a script's write
     * was refused (the reply then wraps it). {@code RedisMemory.refusedForMemory} asks the same for the adapters; kept
     * here too so that the web layer, which decides what a failure means to a caller, does not depend on the Redis port
     * (which depends on it for its refusals).
     */
    private static boolean refusedForMemory(RedisCommandExecutionException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("OOM command not allowed")) {
                return true;
            }
        }
        return false;
    }

    /** The most specific message of a bad input, first line only: enough to fix the request, no stack. */
    private static String inputProblem(ServerWebInputException e) {
        Throwable deepest = e;
        while (deepest.getCause() != null && deepest.getCause() != deepest) {
            deepest = deepest.getCause();
        }
        String reason = e.getReason();
        if (reason != null && reason.startsWith("No request body")) {
            return "a JSON request body is required";
        }
        String message = deepest == e ? reason : deepest.getMessage();
        if (message == null || message.isBlank()) {
            return "the request is malformed";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
