package io.hongbao.bench.http.report;

/**
 * A target over all its runs: median and range of each figure.
 *
 * @param coldStartRequestsPerSecond answers per second over the first {@link Report#COLD_START_SECONDS} seconds of
 *     load of the target's first run (a JVM fresh from UP), NaN when that run was shorter
 * @param tokenCacheHitRate the share of token checks the service's verified-token cache answered, per run
 * @param meanCoalescedBatch grabs per grab-script call, per run
 */
public record TargetSummary(
        String target,
        int runs,
        Stats requestsPerSecond,
        Stats p50,
        Stats p99,
        Stats p999,
        Stats max,
        Stats targetMicrosPerRequest,
        Stats drainSeconds,
        long errors,
        boolean everyAuditOk,
        double coldStartRequestsPerSecond,
        Stats tokenCacheHitRate,
        Stats meanCoalescedBatch) {}
