package io.hongbao.platform.redis;

import io.hongbao.platform.storage.StorageSettings;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.cluster.PartitionSelectorException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries a Redis call that Redis did not execute, with a doubling pause, for about {@code hongbao.redis.retry.within}
 * in total, then refuses it (503, nothing changed). Meant for calls that are safe to repeat anyway (a grab: its dedupe
 * record answers {@code ALREADY_GRABBED} with the same amount; a draw: its outcome is remembered by draw id), but it
 * retries only what certainly did not run, so an answer never depends on that safety:
 *
 * <ul>
 *   <li>{@code TRYAGAIN} (keys of a multi-key call split by a slot migration), {@code CLUSTERDOWN} (the slot has no
 *       primary, a failover in progress), {@code MOVED}/{@code ASK} left after the redirects were exhausted: Redis
 *       answers these before running a script;
 *   <li>no primary known for the slot, no connection to the node, commands rejected while disconnected: nothing was
 *       sent.
 * </ul>
 *
 * A timeout, a connection lost with the call in flight or an error from inside a script may come after the script ran:
 * never retried, the caller answers as before (outcome unknown).
 */
public final class NotExecutedRetry {

    /** The answer once the retries are spent: every attempt was refused before it ran. */
    static final String GAVE_UP = "Redis cannot take this call now (failover, resharding or reconnecting); nothing was"
            + " changed: retry later";

    private static final List<String> NOT_EXECUTED_REPLIES = List.of("TRYAGAIN", "CLUSTERDOWN", "MOVED ", "ASK ");

    private static final Logger log = LoggerFactory.getLogger(NotExecutedRetry.class);
    private static final ApiException REFUSED = new ApiException(ErrorCode.UNAVAILABLE, GAVE_UP);

    private final List<Duration> pauses;

    NotExecutedRetry(StorageSettings.Retry settings) {
        this(settings.within(), settings.firstBackoff());
    }

    /** Retries for about {@code within}, pausing {@code firstBackoff} first, doubling (tests, the bench). */
    public NotExecutedRetry(Duration within, Duration firstBackoff) {
        this.pauses = pauses(within, firstBackoff);
    }

    /** The pauses before each retry: doubling from {@code first}, the last one cut so that they sum to {@code within}. */
    static List<Duration> pauses(Duration within, Duration first) {
        List<Duration> pauses = new ArrayList<>();
        Duration total = Duration.ZERO;
        Duration next = first;
        while (total.compareTo(within) < 0) {
            Duration pause = next.compareTo(within.minus(total)) > 0 ? within.minus(total) : next;
            pauses.add(pause);
            total = total.plus(pause);
            next = next.multipliedBy(2);
        }
        return List.copyOf(pauses);
    }

    /**
     * True when {@code failure} says the call was never executed by Redis (see the class), so that repeating it cannot
     * do anything twice.
     */
    public static boolean notExecuted(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RedisCommandExecutionException) {
                String message = t.getMessage() == null ? "" : t.getMessage();
                // The error of the call itself decides: a script's own error may follow its writes.
                return NOT_EXECUTED_REPLIES.stream().anyMatch(message::startsWith);
            }
            if (t instanceof PartitionSelectorException || t instanceof RedisConnectionException) {
                return true;
            }
            // Lettuce's REJECT_COMMANDS while disconnected: refused before it was written.
            if (t.getMessage() != null && t.getMessage().contains("Commands are rejected")) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code call}, again after each pause while it fails unexecuted; then 503 nothing changed. */
    public <T> CompletionStage<T> call(Supplier<CompletionStage<T>> call) {
        return attempt(call, 0);
    }

    private <T> CompletionStage<T> attempt(Supplier<CompletionStage<T>> call, int retry) {
        CompletionStage<T> once;
        try {
            once = call.get();
        } catch (RuntimeException e) {
            once = CompletableFuture.failedFuture(e);
        }
        return once.handle((result, failure) -> {
                    if (failure == null) {
                        return CompletableFuture.completedFuture(result);
                    }
                    if (!notExecuted(failure)) {
                        return CompletableFuture.<T>failedFuture(
                                failure instanceof CompletionException c && c.getCause() != null
                                        ? c.getCause()
                                        : failure);
                    }
                    if (retry >= pauses.size()) {
                        return CompletableFuture.<T>failedFuture(gaveUp(failure));
                    }
                    Duration pause = pauses.get(retry);
                    return CompletableFuture.supplyAsync(
                                    () -> null,
                                    CompletableFuture.delayedExecutor(pause.toNanos(), TimeUnit.NANOSECONDS))
                            .thenCompose(ignored -> attempt(call, retry + 1));
                })
                .thenCompose(Function.identity());
    }

    static ApiException gaveUp(Throwable last) {
        log.warn("a Redis call refused before it ran, given up after its retries: {}", last.toString());
        return REFUSED;
    }

    /** How many retries at most (for tests and logs). */
    int retries() {
        return pauses.size();
    }

    /** The pauses (for tests). */
    List<Duration> pauses() {
        return pauses;
    }
}
