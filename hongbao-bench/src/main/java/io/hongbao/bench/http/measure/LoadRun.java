package io.hongbao.bench.http.measure;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.Workload;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import reactor.core.Disposable;
import reactor.core.scheduler.Schedulers;

/**
 * Loads one target: a warm-up, then the measured window, then a tail in which the connections finish what they have
 * in flight. Each connection is a loop: closed model, it sends its next request when the previous one answers; open
 * model, connection c sends its i-th request at the intended time start + (i × connections + c) / rate, or at once when
 * that time has passed, and its latency counts from the intended time (as wrk2 does), so a stall is charged to every
 * request it delayed.
 */
public final class LoadRun {

    private final GrabClient client;
    private final Workload workload;
    private final LoadSettings settings;
    private final CpuMeter cpu;
    private final String targetName;
    private final PersistedRows persistedRows;
    private final WindowProbe probe;
    private final LongAdder completed = new LongAdder();
    /** Answers that were errors ({@link Outcome#isError}), all phases: read live by {@link #errored()}. */
    private final LongAdder errors = new LongAdder();
    /** Answers per second since the load started, warm-up included: the cold start is visible here. */
    private final List<Long> perSecond = new CopyOnWriteArrayList<>();

    private final CountDownLatch stopped;
    private volatile Phase phase;
    private volatile boolean running = true;
    private long startNanos;

    public LoadRun(
            GrabClient client,
            Workload workload,
            LoadSettings settings,
            CpuMeter cpu,
            String targetName,
            PersistedRows persistedRows) {
        this(client, workload, settings, cpu, targetName, persistedRows, WindowProbe.NONE);
    }

    /** @param probe told when the measured window begins and ends, beside the CPU snapshots (bench topology) */
    public LoadRun(
            GrabClient client,
            Workload workload,
            LoadSettings settings,
            CpuMeter cpu,
            String targetName,
            PersistedRows persistedRows,
            WindowProbe probe) {
        this.client = client;
        this.workload = workload;
        this.settings = settings;
        this.cpu = cpu;
        this.targetName = targetName;
        this.persistedRows = persistedRows;
        this.probe = probe;
        this.stopped = new CountDownLatch(settings.connections());
    }

    /** Something read at the measured window's boundaries, such as counters on other machines. */
    public interface WindowProbe {
        WindowProbe NONE = new WindowProbe() {
            @Override
            public void begin() {}

            @Override
            public void end() {}
        };

        void begin() throws Exception;

        void end() throws Exception;
    }

    /** Grab rows in the target's database now, or -1 when it has none the bench can read. */
    @FunctionalInterface
    public interface PersistedRows {
        long now() throws Exception;
    }

    public Measurement execute(String title) throws Exception {
        Phase warmup = new Phase(new Latencies(0));
        phase = warmup;
        startNanos = System.nanoTime();
        for (int c = 0; c < settings.connections(); c++) {
            int connection = c;
            SplittableRandom random = new SplittableRandom(31L * c + 7);
            Schedulers.parallel().schedule(() -> send(connection, 0, random));
        }
        long[] last = {0};
        Disposable sampler = Schedulers.parallel()
                .schedulePeriodically(
                        () -> {
                            long now = completed.sum();
                            perSecond.add(now - last[0]);
                            last[0] = now;
                        },
                        1,
                        1,
                        TimeUnit.SECONDS);
        try (ProgressBar bar = progressBar(title)) {
            // The expected interval comes from the warm-up's second half only: the first holds the cold JIT.
            waitShowing(bar, settings.warmup().dividedBy(2), "warm-up");
            warmup.latencies.take();
            waitShowing(bar, settings.warmup().minus(settings.warmup().dividedBy(2)), "warm-up");
            Latencies.Histograms warm = warmup.latencies.take();
            double warmupSeconds = (System.nanoTime() - startNanos) / 1e9;
            long interval = settings.closedLoop() ? (long) warm.raw().getMean() : 0;
            Phase window = new Phase(new Latencies(interval));
            long rowsBegin = persistedRows.now();
            probe.begin();
            CpuMeter.Snapshot cpuBegin = cpu.snapshot();
            long windowStart = System.nanoTime();
            phase = window;
            waitShowing(bar, settings.duration(), "measuring");
            Phase tail = new Phase(new Latencies(0));
            phase = tail;
            long windowEnd = System.nanoTime();
            CpuMeter.Snapshot cpuEnd = cpu.snapshot();
            probe.end();
            long rowsEnd = persistedRows.now();
            double seconds = (windowEnd - windowStart) / 1e9;
            double persistedPerSecond = rowsBegin < 0 || rowsEnd < 0 ? -1 : (rowsEnd - rowsBegin) / seconds;
            running = false;
            sampler.dispose();
            stopped.await(settings.timeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
            return measurement(warmup, warmupSeconds, window, tail, seconds, cpuBegin, cpuEnd, persistedPerSecond);
        }
    }

    /** Answers so far, every phase: read while the run goes on ({@code bench soak} samples it). */
    public long answered() {
        return completed.sum();
    }

    /** Answers so far that were errors, every phase. */
    public long errored() {
        return errors.sum();
    }

    private Measurement measurement(
            Phase warmup,
            double warmupSeconds,
            Phase window,
            Phase tail,
            double seconds,
            CpuMeter.Snapshot cpuBegin,
            CpuMeter.Snapshot cpuEnd,
            double persistedPerSecond) {
        Latencies.Histograms histograms = window.latencies.take();
        long requests = window.outcomes.total();
        long granted = warmup.outcomes.get(Outcome.GRABBED)
                + window.outcomes.get(Outcome.GRABBED)
                + tail.outcomes.get(Outcome.GRABBED);
        return new Measurement(
                seconds,
                requests,
                requests / seconds,
                warmupSeconds > 0 ? warmup.outcomes.total() / warmupSeconds : 0,
                LatencySummary.of(histograms.corrected()),
                LatencySummary.of(histograms.raw()),
                window.latencies.expectedIntervalMicros(),
                window.outcomes.snapshot(),
                window.outcomes.httpStatuses(),
                window.outcomes.errors(),
                granted,
                List.copyOf(perSecond),
                CpuMeter.between(cpuBegin, cpuEnd, requests, targetName),
                persistedPerSecond);
    }

    private void send(int connection, long sequence, SplittableRandom random) {
        if (!running) {
            stopped.countDown();
            return;
        }
        long intended = settings.closedLoop() ? System.nanoTime() : intendedNanos(connection, sequence);
        client.grab(workload.next(random)).subscribe(answer -> {
            long now = System.nanoTime();
            Phase current = phase;
            // A campaign's lossy-edge refusal is answered before any work: its latency would only flatter the
            // percentiles of the grabs that were served, which are what they describe. It is counted by outcome.
            if (answer.outcome() != Outcome.TRY_AGAIN) {
                current.latencies.record((now - intended) / 1_000);
            }
            current.outcomes.add(answer.outcome(), answer.status());
            if (answer.outcome().isError()) {
                errors.increment();
            }
            completed.increment();
            next(connection, sequence + 1, random, now);
        });
    }

    private void next(int connection, long sequence, SplittableRandom random, long now) {
        long wait = settings.closedLoop() ? 0 : intendedNanos(connection, sequence) - now;
        if (wait <= 0) {
            send(connection, sequence, random);
        } else {
            Schedulers.parallel().schedule(() -> send(connection, sequence, random), wait, TimeUnit.NANOSECONDS);
        }
    }

    private long intendedNanos(int connection, long sequence) {
        double period = 1e9 / settings.rate();
        return startNanos + (long) ((sequence * settings.connections() + connection) * period);
    }

    private void waitShowing(ProgressBar bar, Duration span, String what) throws InterruptedException {
        long end = System.nanoTime() + span.toNanos();
        long lastCount = completed.sum();
        long lastNanos = System.nanoTime();
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(500, (end - System.nanoTime()) / 1_000_000)));
            long count = completed.sum();
            long nanos = System.nanoTime();
            double rate = (count - lastCount) / ((nanos - lastNanos) / 1e9);
            lastCount = count;
            lastNanos = nanos;
            bar.stepTo((nanos - startNanos) / 1_000_000_000L);
            bar.setExtraMessage(String.format(" %s %,.0f req/s", what, rate));
        }
    }

    private ProgressBar progressBar(String title) {
        long seconds = settings.warmup().plus(settings.duration()).toSeconds();
        return new ProgressBarBuilder()
                .setTaskName(title)
                .setInitialMax(seconds)
                .setUnit("s", 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500)
                .hideEta()
                .build();
    }

    /** Where answers are recorded while a phase is current; swapped atomically (a volatile write) at boundaries. */
    private static final class Phase {
        final Latencies latencies;
        final OutcomeCounts outcomes = new OutcomeCounts();

        Phase(Latencies latencies) {
            this.latencies = latencies;
        }
    }
}
