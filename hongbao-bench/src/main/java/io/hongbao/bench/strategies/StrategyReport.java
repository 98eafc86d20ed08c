package io.hongbao.bench.strategies;

/**
 * One line of the {@code strategies} report (and one object of its JSON).
 *
 * @param grabsPerSecond attempts answered per second of the storm (granted, already grabbed and sold out alike)
 * @param p50Micros median latency of one attempt, as the calling thread saw it
 * @param p99Micros 99th percentile of the same
 * @param sellOutMillis from the start of the storm to the last grant answered
 * @param drainMillis how long after the storm the database took to hold every grant (0 for synchronous strategies)
 * @param meanBatch attempts carried per Redis call, for a strategy that coalesces them (the production path); null
 *     for the others, which make one or more calls per attempt
 * @param correct no over-issue, no duplicate, conserved, every grant persisted
 */
record StrategyReport(
        String strategy,
        long attempts,
        long grabsPerSecond,
        long p50Micros,
        long p99Micros,
        long granted,
        long persisted,
        long overIssued,
        long duplicateGrabs,
        boolean conserved,
        long unfairMisses,
        long alreadyGrabbed,
        long soldOut,
        long errors,
        long sellOutMillis,
        long drainMillis,
        Double meanBatch,
        boolean correct) {}
