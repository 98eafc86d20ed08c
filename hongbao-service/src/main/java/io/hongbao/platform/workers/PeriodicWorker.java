package io.hongbao.platform.workers;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
 */
public abstract class PeriodicWorker implements SmartLifecycle {

    static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final Duration every;
    private final boolean enabled;
    private ScheduledExecutorService executor;

    protected PeriodicWorker(String name, Duration every, boolean enabled) {
        this.name = name;
        this.every = every;
        this.enabled = enabled;
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
