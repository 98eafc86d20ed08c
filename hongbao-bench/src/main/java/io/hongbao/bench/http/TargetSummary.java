package io.hongbao.bench.http;

/** A target over all its runs: median and range of each figure. */
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
        boolean everyAuditOk) {}
