package io.hongbao.platform.db;

import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Runs blocking work (JDBC) on a bounded pool so it never blocks a Netty event loop. The pool is sized to the
 * connection pool: more threads would only queue inside Hikari. Reactive callers use {@link #call}; use cases, which
 * know no Reactor, get the same pool as an {@link Executor}.
 */
public final class Blocking {

    private static final int QUEUED_TASKS_PER_THREAD = 1_000;

    private final Scheduler scheduler;
    private final Executor executor;

    public Blocking(int threads) {
        this.scheduler = Schedulers.newBoundedElastic(threads, threads * QUEUED_TASKS_PER_THREAD, "jdbc", 60, true);
        this.executor = task -> scheduler.schedule(task);
    }

    public <T> Mono<T> call(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(scheduler);
    }

    /** The pool for {@code CompletableFuture} stages; a task beyond the queue's bound is rejected, as with {@link #call}. */
    public Executor executor() {
        return executor;
    }

    public void dispose() {
        scheduler.dispose();
    }
}
