package io.hongbao.support;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Starts a rig's servers side by side. Each start mostly waits on its own processes (a MariaDB unpacking and
 * installing its system tables, Redis nodes forming a cluster), so together they take about as long as the slowest
 * rather than the sum: tens of seconds of every fault test's stage, on CI's two cores.
 *
 * <pre>{@code
 * SideBySide starts = new SideBySide();
 * Supplier<PrivateServers> first = starts.begin(() -> PrivateServers.start(a));
 * Supplier<PrivateServers> second = starts.begin(() -> PrivateServers.start(b));
 * starts.awaitAll(); // if one failed: the others closed, its failure thrown
 * }</pre>
 *
 * A thread per start, not the common pool: on two cores that pool has one thread and would start them one by one.
 */
public final class SideBySide {

    private final ExecutorService threads = Executors.newCachedThreadPool(start -> {
        Thread thread = new Thread(start, "side-by-side-start");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Future<? extends AutoCloseable>> begun = new ArrayList<>();

    /** Begins {@code start} now; the supplier gives what it started, once {@link #awaitAll()} returned. */
    public <T extends AutoCloseable> Supplier<T> begin(Callable<T> start) {
        Future<T> started = threads.submit(start);
        begun.add(started);
        return () -> {
            if (!started.isDone()) {
                throw new IllegalStateException("awaitAll() first");
            }
            return outcome(started);
        };
    }

    /**
     * Waits for every start. If any failed, closes those that came up and throws the first failure (an
     * {@link IOException} as it is, anything else wrapped).
     */
    public void awaitAll() throws IOException {
        threads.shutdown();
        Throwable failure = null;
        for (Future<? extends AutoCloseable> started : begun) {
            try {
                started.get();
            } catch (ExecutionException e) {
                failure = failure == null ? e.getCause() : failure;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = failure == null ? new InterruptedIOException("interrupted while servers started") : failure;
            }
        }
        if (failure == null) {
            return;
        }
        closeThoseThatCameUp();
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        throw new IllegalStateException("a server did not start", failure);
    }

    private void closeThoseThatCameUp() {
        for (Future<? extends AutoCloseable> started : begun) {
            try {
                if (started.isDone() && !started.isCancelled()) {
                    AutoCloseable server = outcome(started);
                    server.close();
                }
            } catch (Exception e) {
                // it did not come up, or closing it failed: the first failure is the one to report
            }
        }
    }

    private static <T> T outcome(Future<T> started) {
        try {
            return started.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
