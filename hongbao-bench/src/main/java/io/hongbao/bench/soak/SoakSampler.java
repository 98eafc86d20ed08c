package io.hongbao.bench.soak;

import io.hongbao.bench.http.measure.LoadRun;
import io.hongbao.bench.start.ServiceProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the service every interval while the load runs, on a thread of its own: its heap in use, its RSS, and the
 * load's answers and errors since the previous sample. The first sample is taken at once, before any answer.
 */
final class SoakSampler implements AutoCloseable {

    private static final double MB = 1024 * 1024;

    private final ServiceProcess service;
    private final LoadRun load;
    private final HeapInUse heap;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread sampler = new Thread(runnable, "soak-sampler");
        sampler.setDaemon(true);
        return sampler;
    });
    private final List<SoakSample> samples = new ArrayList<>();
    private long startNanos;
    private long lastNanos;
    private long lastAnswered;
    private long lastErrors;

    private SoakSampler(ServiceProcess service, LoadRun load) {
        this.service = service;
        this.load = load;
        this.heap = new HeapInUse(service.baseUrl());
    }

    static SoakSampler start(ServiceProcess service, LoadRun load, java.time.Duration every) {
        SoakSampler sampler = new SoakSampler(service, load);
        sampler.startNanos = System.nanoTime();
        sampler.lastNanos = sampler.startNanos;
        sampler.thread.scheduleAtFixedRate(sampler::sample, 0, every.toMillis(), TimeUnit.MILLISECONDS);
        return sampler;
    }

    private void sample() {
        try {
            double heapMb = heap.bytes() / MB;
            double rssMb = service.rssMegabytes();
            long now = System.nanoTime();
            long answered = load.answered();
            long errors = load.errored();
            double interval = (now - lastNanos) / 1e9;
            SoakSample sample = new SoakSample(
                    (now - startNanos) / 1e9,
                    heapMb,
                    rssMb,
                    interval > 0 ? (answered - lastAnswered) / interval : 0,
                    errors - lastErrors);
            lastNanos = now;
            lastAnswered = answered;
            lastErrors = errors;
            synchronized (samples) {
                samples.add(sample);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    List<SoakSample> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
