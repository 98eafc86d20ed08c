package io.hongbao.bench.http;

import java.util.List;
import java.util.Map;

/**
 * One target's measured window.
 *
 * @param latency corrected for coordinated omission (see {@link Latencies})
 * @param rawLatency as measured, without synthetic samples
 * @param grantedAll GRABBED answers over warm-up, window and tail: what the database must hold afterwards
 * @param answersPerSecond answers in each second since the load started (warm-up included)
 */
public record Measurement(
        double seconds,
        long requests,
        double requestsPerSecond,
        double warmupRequestsPerSecond,
        LatencySummary latency,
        LatencySummary rawLatency,
        long expectedIntervalMicros,
        Map<Outcome, Long> outcomes,
        Map<String, Long> httpErrorStatuses,
        long errors,
        long grantedAll,
        List<Long> answersPerSecond,
        CpuUsage cpu) {}
