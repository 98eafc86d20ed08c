package io.hongbao.lottery.infrastructure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs one pass of background work every interval on its own thread, so a long pass (placing a year of hours) never
 * delays another worker. A failed pass is logged and retried at the next interval: every pass is idempotent.
 */
abstract class PeriodicWorker implements SmartLifecycle {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final Duration interval;
    private final boolean enabled;
    private ScheduledExecutorService executor;

    PeriodicWorker(String name, Duration interval, boolean enabled) {
        this.name = name;
        this.interval = interval;
        this.enabled = enabled;
    }

    /** One pass; how much it did (for the log). */
    abstract int runOnce();

    @Override
    public synchronized void start() {
        if (!enabled || executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
        executor.scheduleWithFixedDelay(this::pass, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void pass() {
        try {
            int done = runOnce();
            if (done > 0) {
                log.debug("{}: {}", name, done);
            }
        } catch (RuntimeException e) {
            log.warn("{} pass failed, retrying in {}: {}", name, interval, e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
