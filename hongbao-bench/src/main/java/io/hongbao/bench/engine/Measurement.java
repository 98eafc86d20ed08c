package io.hongbao.bench.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one contender did during the measured window: outcome counts and a latency histogram. Recording is
 * lock-free (HdrHistogram's Recorder, LongAdders) because it happens on many threads at once. Nothing is recorded
 * during the warm-up.
 */
final class Measurement {

    private final Recorder latencies = new Recorder(3);
    final LongAdder granted = new LongAdder();
    final LongAdder alreadyGrabbed = new LongAdder();
    final LongAdder soldOut = new LongAdder();
    final LongAdder errors = new LongAdder();
    private volatile boolean measuring;
    private volatile long startNanos;
    private volatile long endNanos;

    void begin() {
        latencies.reset();
        granted.reset();
        alreadyGrabbed.reset();
        soldOut.reset();
        errors.reset();
        startNanos = System.nanoTime();
        measuring = true;
    }

    void end() {
        measuring = false;
        endNanos = System.nanoTime();
    }

    boolean measuring() {
        return measuring;
    }

    void latency(long nanos) {
        if (measuring) {
            latencies.recordValue(Math.max(1, nanos / 1_000));
        }
    }

    Histogram latenciesMicros() {
        return latencies.getIntervalHistogram();
    }

    long attempts() {
        return granted.sum() + alreadyGrabbed.sum() + soldOut.sum() + errors.sum();
    }

    double seconds() {
        return (endNanos - startNanos) / (double) TimeUnit.SECONDS.toNanos(1);
    }
}
