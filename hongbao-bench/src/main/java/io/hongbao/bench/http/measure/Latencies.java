package io.hongbao.bench.http.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Response times in microseconds, recorded twice from any thread (HdrHistogram {@link Recorder}s are wait-free):
 * as measured, and corrected for coordinated omission.
 *
 * <p>Open model: the caller measures from the intended send time, which already includes any wait for a free
 * connection, so both histograms hold the same values. Closed loop: a slow answer also held back the requests its
 * connection would have sent meanwhile; {@code recordValueWithExpectedInterval} adds those missing samples, with the
 * expected interval = the mean response time over the second half of the warm-up (by Little's law,
 * connections ÷ throughput).
 */
final class Latencies {

    /** One minute: far beyond any timeout the tool uses; longer values are clamped. */
    static final long HIGHEST_MICROS = 60_000_000L;

    private final Recorder raw = new Recorder(HIGHEST_MICROS, 3);
    private final Recorder corrected = new Recorder(HIGHEST_MICROS, 3);
    private final long expectedIntervalMicros;

    Latencies(long expectedIntervalMicros) {
        this.expectedIntervalMicros = expectedIntervalMicros;
    }

    void record(long micros) {
        long value = Math.max(1, Math.min(micros, HIGHEST_MICROS));
        raw.recordValue(value);
        if (expectedIntervalMicros > 0) {
            corrected.recordValueWithExpectedInterval(value, expectedIntervalMicros);
        } else {
            corrected.recordValue(value);
        }
    }

    long expectedIntervalMicros() {
        return expectedIntervalMicros;
    }

    /** Takes what was recorded so far (each histogram once: a {@link Recorder} hands out intervals). */
    Histograms take() {
        return new Histograms(raw.getIntervalHistogram(), corrected.getIntervalHistogram());
    }

    record Histograms(Histogram raw, Histogram corrected) {}
}
