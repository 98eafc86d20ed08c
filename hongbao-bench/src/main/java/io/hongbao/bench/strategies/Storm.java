package io.hongbao.bench.strategies;

import io.hongbao.bench.strategies.Workload.Plan;
import io.hongbao.lab.application.Attempt;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.NonBlockingGrabStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import me.tongfei.progressbar.ProgressBar;
import org.HdrHistogram.Histogram;

/**
 * Runs a plan through one strategy with {@code threads} attempts in flight at once, as the seeds measure it: each
 * caller takes the next attempt once its previous one was answered (a closed loop, so there is no request schedule to
 * correct for). A blocking strategy gets {@code threads} threads, each calling it synchronously; a
 * {@link NonBlockingGrabStrategy} (the production path) gets {@code threads} callers that hold no thread: each issues
 * its next attempt from the completion of the previous one, on whatever thread answered, as a server's event loop
 * does. Either way at most {@code threads} attempts are outstanding. Bounded by the plan's size and by
 * {@code maxTime}.
 */
final class Storm {

    /** Latencies above a minute are recorded as a minute. */
    private static final long HIGHEST_MICROS = 60_000_000L;

    private Storm() {}

    static Result run(GrabStrategy strategy, LabRun run, Plan plan, int threads, Duration maxTime, ProgressBar bar)
            throws InterruptedException {
        Shared shared = new Shared(strategy, run, plan, bar);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(threads);
        List<Caller> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Caller caller = strategy instanceof NonBlockingGrabStrategy nonBlocking
                    ? new InFlightCaller(shared, nonBlocking, finished)
                    : new ThreadCaller(shared, finished);
            callers.add(caller);
        }
        for (int t = 0; t < threads; t++) {
            Caller caller = callers.get(t);
            Thread thread = new Thread(
                    () -> {
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            finished.countDown();
                            return;
                        }
                        caller.begin();
                    },
                    "storm-" + t);
            thread.start();
        }
        long begin = System.nanoTime();
        shared.deadline = begin + maxTime.toNanos();
        start.countDown();
        finished.await();
        long elapsed = System.nanoTime() - begin;
        Histogram latencies = new Histogram(HIGHEST_MICROS, 3);
        List<Attempt> attempts = new ArrayList<>();
        for (Caller caller : callers) {
            latencies.add(caller.latencies);
            attempts.addAll(caller.attempts);
        }
        return new Result(attempts, latencies, begin, elapsed, shared.errors.get(), shared.firstError.get());
    }

    record Result(
            List<Attempt> attempts,
            Histogram latencies,
            long beganNanos,
            long elapsedNanos,
            long errors,
            String firstError) {

        long answeredPerSecond() {
            return elapsedNanos == 0 ? 0 : Math.round(attempts.size() * 1e9 / elapsedNanos);
        }

        /** From the start of the storm to the last "granted" answer: how long handing out the money took. */
        long sellOutMillis() {
            long last = beganNanos;
            for (Attempt attempt : attempts) {
                if (attempt.outcome() instanceof LabOutcome.Granted) {
                    last = Math.max(last, attempt.answeredNanos());
                }
            }
            return (last - beganNanos) / 1_000_000;
        }
    }

    /** What every caller of one storm shares: the plan's cursor, the deadline, the error count. */
    private static final class Shared {
        final GrabStrategy strategy;
        final LabRun run;
        final Plan plan;
        final ProgressBar bar;
        final AtomicInteger next = new AtomicInteger();
        final AtomicLong errors = new AtomicLong();
        final AtomicReference<String> firstError = new AtomicReference<>();
        volatile long deadline;

        Shared(GrabStrategy strategy, LabRun run, Plan plan, ProgressBar bar) {
            this.strategy = strategy;
            this.run = run;
            this.plan = plan;
            this.bar = bar;
        }

        /** The index of the caller's next attempt, or -1 when the plan is done or the time is up. */
        int take() {
            int i = next.getAndIncrement();
            return i < plan.size() && System.nanoTime() <= deadline ? i : -1;
        }

        long packetId(int i) {
            return run.packets().get(plan.packetIndex()[i]).id();
        }

        long userId(int i) {
            return plan.userId()[i];
        }

        void failed(Throwable e) {
            errors.incrementAndGet();
            firstError.compareAndSet(null, e.toString());
        }
    }

    /**
     * One closed-loop caller. Its attempts run one after the other, so its histogram and list are only ever touched by
     * one thread at a time, and the completion that hands over to the next attempt orders those touches.
     */
    private abstract static class Caller {
        final Shared shared;
        final CountDownLatch finished;
        final Histogram latencies = new Histogram(HIGHEST_MICROS, 3);
        final List<Attempt> attempts = new ArrayList<>();

        Caller(Shared shared, CountDownLatch finished) {
            this.shared = shared;
            this.finished = finished;
        }

        /** Runs on the caller's own storm thread; returns when the caller is done or has handed over. */
        abstract void begin();

        final void answered(int i, long started, LabOutcome outcome, Throwable failure) {
            long answered = System.nanoTime();
            if (failure == null) {
                latencies.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, (answered - started) / 1_000)));
                attempts.add(new Attempt(shared.packetId(i), shared.userId(i), outcome, started, answered));
            } else {
                shared.failed(
                        failure instanceof CompletionException && failure.getCause() != null
                                ? failure.getCause()
                                : failure);
            }
            shared.bar.step();
        }
    }

    /** The seeds' way: a thread that calls the strategy and waits for the answer. */
    private static final class ThreadCaller extends Caller {

        ThreadCaller(Shared shared, CountDownLatch finished) {
            super(shared, finished);
        }

        @Override
        void begin() {
            for (int i = shared.take(); i >= 0; i = shared.take()) {
                long started = System.nanoTime();
                try {
                    answered(i, started, shared.strategy.grab(shared.packetId(i), shared.userId(i)), null);
                } catch (RuntimeException e) {
                    answered(i, started, null, e);
                }
            }
            finished.countDown();
        }
    }

    /**
     * A caller that holds no thread: it sends its next attempt from the completion of the previous one, on the thread
     * that completed it (a Redis I/O thread), so the strategy sees as many attempts in flight as there are callers
     * and no thread waits in between. An attempt answered at once (a refusal, say) is followed in a loop here rather
     * than from its completion, so the stack does not grow with it.
     */
    private static final class InFlightCaller extends Caller {
        private final NonBlockingGrabStrategy strategy;

        InFlightCaller(Shared shared, NonBlockingGrabStrategy strategy, CountDownLatch finished) {
            super(shared, finished);
            this.strategy = strategy;
        }

        @Override
        void begin() {
            sendNext();
        }

        private void sendNext() {
            for (int i = shared.take(); i >= 0; i = shared.take()) {
                long started = System.nanoTime();
                CompletableFuture<LabOutcome> answer;
                try {
                    answer = strategy.grabLater(shared.packetId(i), shared.userId(i))
                            .toCompletableFuture();
                } catch (RuntimeException e) {
                    answered(i, started, null, e);
                    continue;
                }
                if (answer.isDone()) {
                    try {
                        answered(i, started, answer.join(), null);
                    } catch (CompletionException | CancellationException e) {
                        answered(i, started, null, e);
                    }
                    continue;
                }
                int attempt = i;
                answer.whenComplete((outcome, failure) -> {
                    answered(attempt, started, outcome, failure);
                    sendNext();
                });
                return;
            }
            finished.countDown();
        }
    }
}
