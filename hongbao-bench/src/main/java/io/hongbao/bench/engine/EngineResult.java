package io.hongbao.bench.engine;

import org.HdrHistogram.Histogram;

/** One contender's figures from one run. */
record EngineResult(
        int run,
        String contender,
        double grabsPerSecond,
        long p50Micros,
        long p99Micros,
        long p999Micros,
        long attempts,
        long granted,
        long alreadyGrabbed,
        long soldOut,
        long errors,
        double meanBatchSize,
        double redisCpuMicrosPerGrab) {

    static EngineResult of(int run, String contender, Measurement m, double meanBatch, double redisCpuSeconds) {
        Histogram h = m.latenciesMicros();
        long attempts = m.attempts();
        return new EngineResult(
                run,
                contender,
                attempts / m.seconds(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                attempts,
                m.granted.sum(),
                m.alreadyGrabbed.sum(),
                m.soldOut.sum(),
                m.errors.sum(),
                meanBatch,
                attempts == 0 ? 0 : redisCpuSeconds * 1_000_000 / attempts);
    }
}
