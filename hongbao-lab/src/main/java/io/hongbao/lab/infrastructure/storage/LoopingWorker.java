package io.hongbao.lab.infrastructure.storage;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A daemon thread that runs one step after another until stopped, pausing when a step found nothing to do. A failing
 * step is logged and retried after the pause: the lab's writers leave their input in Redis until it is committed, so
 * a retry picks up exactly what failed.
 */
public final class LoopingWorker {

    private static final Logger log = LoggerFactory.getLogger(LoopingWorker.class);

    private final Thread thread;
    private volatile boolean running = true;

    public LoopingWorker(String name, BooleanSupplier step, Duration idlePause) {
        this.thread = new Thread(() -> loop(step, idlePause), name);
        this.thread.setDaemon(true);
    }

    public void start() {
        thread.start();
    }

    private void loop(BooleanSupplier step, Duration idlePause) {
        while (running) {
            boolean worked;
            try {
                worked = step.getAsBoolean();
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                log.warn("{} failed a step, will retry: {}", thread.getName(), e.toString());
                worked = false;
            }
            if (!worked) {
                pause(idlePause);
            }
        }
    }

    private void pause(Duration idlePause) {
        try {
            Thread.sleep(idlePause.toMillis());
        } catch (InterruptedException e) {
            running = false;
        }
    }

    public void stop() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Polls {@code done} until it holds or {@code timeout} passes. */
    public static boolean awaitUntil(BooleanSupplier done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
