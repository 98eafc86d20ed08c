package io.hongbao.bench.http;

/** One measured run of one target; {@code persistence} is null for the peer, which persists nothing. */
public record TargetRun(String target, int run, int packets, Measurement measurement, Persistence persistence) {}
