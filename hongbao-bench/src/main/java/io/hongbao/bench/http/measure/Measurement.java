package io.hongbao.bench.http.measure;

import java.util.List;
import java.util.Map;

/**
 * One target's measured window.
 *
 * @param latency corrected for coordinated omission (see {@link Latencies})
 * @param rawLatency as measured, without synthetic samples
 * @param grantedAll GRABBED answers over warm-up, window and tail: what the database must hold afterwards
 * @param answersPerSecond answers in each second since the load started (warm-up included)
 * @param persistedPerSecond grab rows the database gained per second over the window (-1: the target has none, or
 *     the bench cannot read it); beside the GRABBED answers per second it shows whether persistence keeps pace
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
        CpuUsage cpu,
        double persistedPerSecond) {

    /**
     * CPU time {@code process} ({@link CpuMeter#PROCESSES}) spent per answered request over the window, in µs: its
     * cores over the window divided by the requests per second; NaN when the process was not measured.
     */
    public double cpuMicrosPerRequest(String process) {
        Double cores = cpu.processCores().get(process);
        return cores == null || requestsPerSecond <= 0 ? Double.NaN : cores * 1e6 / requestsPerSecond;
    }
}
