package io.hongbao.bench.strategies;

import io.hongbao.bench.strategies.Workload.Plan;
import io.hongbao.lab.application.Attempt;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabRun;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import me.tongfei.progressbar.ProgressBar;
import org.HdrHistogram.Histogram;

/**
 * Runs a plan through one strategy from {@code threads} threads at once, as the seeds measure it: each thread takes
 * the next attempt and calls the strategy synchronously (a closed loop, so there is no request schedule to correct
 * for). Bounded by the plan's size and by {@code maxTime}.
 */
final class Storm {

    /** Latencies above a minute are recorded as a minute. */
    private static final long HIGHEST_MICROS = 60_000_000L;

    private Storm() {}

    static Result run(GrabStrategy strategy, LabRun run, Plan plan, int threads, Duration maxTime, ProgressBar bar)
            throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        AtomicLong errors = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Worker> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            workers.add(new Worker(strategy, run, plan, next, start, bar, errors, firstError));
        }
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(workers.get(t), "storm-" + t);
            thread.start();
            started.add(thread);
        }
        long begin = System.nanoTime();
        long deadline = begin + maxTime.toNanos();
        for (Worker worker : workers) {
            worker.deadline = deadline;
        }
        start.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        long elapsed = System.nanoTime() - begin;
        Histogram latencies = new Histogram(HIGHEST_MICROS, 3);
        List<Attempt> attempts = new ArrayList<>();
        for (Worker worker : workers) {
            latencies.add(worker.latencies);
            attempts.addAll(worker.attempts);
        }
        return new Result(attempts, latencies, begin, elapsed, errors.get(), firstError.get());
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

    private static final class Worker implements Runnable {
        final GrabStrategy strategy;
        final LabRun run;
        final Plan plan;
        final AtomicInteger next;
        final CountDownLatch start;
        final ProgressBar bar;
        final AtomicLong errors;
        final AtomicReference<String> firstError;
        final Histogram latencies = new Histogram(HIGHEST_MICROS, 3);
        final List<Attempt> attempts = new ArrayList<>();
        volatile long deadline;

        Worker(
                GrabStrategy strategy,
                LabRun run,
                Plan plan,
                AtomicInteger next,
                CountDownLatch start,
                ProgressBar bar,
                AtomicLong errors,
                AtomicReference<String> firstError) {
            this.strategy = strategy;
            this.run = run;
            this.plan = plan;
            this.next = next;
            this.start = start;
            this.bar = bar;
            this.errors = errors;
            this.firstError = firstError;
        }

        @Override
        public void run() {
            try {
                start.await();
            } catch (InterruptedException e) {
                return;
            }
            for (int i = next.getAndIncrement(); i < plan.size(); i = next.getAndIncrement()) {
                if (System.nanoTime() > deadline) {
                    return;
                }
                long packetId = run.packets().get(plan.packetIndex()[i]).id();
                long userId = plan.userId()[i];
                long started = System.nanoTime();
                try {
                    LabOutcome outcome = strategy.grab(packetId, userId);
                    long answered = System.nanoTime();
                    latencies.recordValue(Math.min(HIGHEST_MICROS, Math.max(1, (answered - started) / 1_000)));
                    attempts.add(new Attempt(packetId, userId, outcome, started, answered));
                } catch (RuntimeException e) {
                    errors.incrementAndGet();
                    firstError.compareAndSet(null, e.toString());
                }
                bar.step();
            }
        }
    }
}
