package io.hongbao.bench.http;

/**
 * One measured run of one target; {@code persistence} is null for the peer, which persists nothing, and {@code service}
 * (the service's own counters over the window) for a target without them.
 */
public record TargetRun(
        String target, int run, int packets, Measurement measurement, Persistence persistence, ServiceWindow service) {}
