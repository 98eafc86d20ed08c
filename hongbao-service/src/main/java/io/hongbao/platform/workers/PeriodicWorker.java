package io.hongbao.platform.workers;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Metrics;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.SmartLifecycle;

/**
 * Background work run in passes, on a thread of its own (never an event loop, and a long pass never delays another
 * worker), started and stopped with the application. A pass starts {@code every} after the previous one ended. A
 * failed pass is logged and the next one runs as planned, so every pass must be safe to repeat.
 *
 * <p>Stopping waits for the pass under way: no new pass starts, the running one gets {@link #STOP_GRACE} to end on its
 * own, and only then is it interrupted (and waited for once more). Spring stops lifecycle beans before it closes the
 * connection pools and the Redis connection, so waiting means a pass never runs on closed connections, and a pass
 * that ends on its own leaves no half-done step behind. Interrupting at once instead would cut a pass between two
 * steps (harmless, as passes are idempotent, but the next start repeats the work), and not waiting at all would let it
 * run on while the context shuts down. {@code enabled} decides only whether the worker starts with the application;
 * {@link #start()} starts it either way, so a test can stop it, drive a pass by hand and start it again.
 *
 * <p>A pass over several items (packets, hours, draws) isolates each one with {@link #eachItem}: an item that fails
 * is logged with its id and counted ({@value #ITEM_FAILURES}, tagged with the worker's name), and the items behind it
 * are still done; the failed one is taken again by the next pass. Abandoning the pass at the first failure would let
 * one broken item block every item behind it, every pass.
 */
public abstract class PeriodicWorker implements SmartLifecycle {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    /**
     * The background work's lifecycle phase: started once the web server listens, stopped only after its graceful
     * shutdown has answered the requests in flight (lifecycles stop from the highest phase down; the default phase
     * would stop the workers first).
     */
    public static final int PHASE = WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE - 512;

    /** Items a pass could not do, per worker. */
    public static final String ITEM_FAILURES = "hongbao.worker.item.failures";

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final Duration every;
    private final boolean enabled;
    private final Counter itemFailures;
    private ScheduledExecutorService executor;

    protected PeriodicWorker(String name, Duration every, boolean enabled) {
        this.name = name;
        this.every = every;
        this.enabled = enabled;
        // The global registry: Spring Boot adds its registries to it, and a worker built by hand in a test needs none.
        this.itemFailures = Counter.builder(ITEM_FAILURES)
                .description("items a background worker's pass failed to do (retried by the next pass)")
                .tag("worker", name)
                .register(Metrics.globalRegistry);
    }

    /**
     * Does each item on its own: a failing one is {@linkplain #itemFailed logged and counted} and the rest go on.
     * Returns the sum of what {@code work} reported for the items that succeeded.
     */
    protected final <T> int eachItem(Iterable<T> items, Function<T, String> idOf, ToIntFunction<T> work) {
        int done = 0;
        for (T item : items) {
            try {
                done += work.applyAsInt(item);
            } catch (RuntimeException e) {
                itemFailed(idOf.apply(item), e);
            }
        }
        return done;
    }

    /** Logs and counts one item a pass could not do; the next pass takes it again. */
    protected final void itemFailed(String item, RuntimeException failure) {
        itemFailures.increment();
        log.warn("{}: {} failed, retried next pass: {}", name, item, failure.toString());
    }

    /** One pass; how much it did (for the log). */
    protected abstract int runOnce();

    @Override
    public synchronized void start() {
        if (executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::pass, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    @Override
    public synchronized void stop() {
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("{} still busy after {}, interrupting its pass", name, STOP_GRACE);
                executor.shutdownNow();
                executor.awaitTermination(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
        executor = null;
    }

    @Override
    public boolean isAutoStartup() {
        return enabled;
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }

    private void pass() {
        try {
            int done = runOnce();
            if (done > 0) {
                log.debug("{}: {}", name, done);
            }
        } catch (RuntimeException e) {
            log.warn("{} pass failed, the next runs in {}: {}", name, every, e.toString());
        }
    }
}
