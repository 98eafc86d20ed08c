package io.hongbao.redpacket.infrastructure;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A background task run at a fixed delay on a thread of its own (never an event loop), started and stopped with the
 * application. A failed round is logged and the next one runs as planned.
 */
abstract class PeriodicWorker implements SmartLifecycle {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final Duration every;
    private final boolean autoStartup;
    private ScheduledExecutorService executor;

    PeriodicWorker(String name, Duration every, boolean autoStartup) {
        this.name = name;
        this.every = every;
        this.autoStartup = autoStartup;
    }

    /** One round of work. */
    abstract void runOnce();

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
        executor.scheduleWithFixedDelay(this::safely, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (executor == null) {
            return;
        }
        executor.shutdownNow();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor = null;
    }

    @Override
    public boolean isAutoStartup() {
        return autoStartup;
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }

    private void safely() {
        try {
            runOnce();
        } catch (RuntimeException e) {
            log.warn("{} failed this round: {}", name, e.toString());
        }
    }
}
