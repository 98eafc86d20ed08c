package io.hongbao.platform.db;

import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Runs blocking work (JDBC) on a bounded pool so it never blocks a Netty event loop. The pool is sized to the
 * connection pool: more threads would only queue inside Hikari.
 */
public final class Blocking {

    private static final int QUEUED_TASKS_PER_THREAD = 1_000;

    private final Scheduler scheduler;

    public Blocking(int threads) {
        this.scheduler = Schedulers.newBoundedElastic(threads, threads * QUEUED_TASKS_PER_THREAD, "jdbc", 60, true);
    }

    public <T> Mono<T> call(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(scheduler);
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    public void dispose() {
        scheduler.dispose();
    }
}
