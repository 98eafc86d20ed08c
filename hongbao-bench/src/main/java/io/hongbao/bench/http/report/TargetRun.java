package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.ServiceWindow;
import io.hongbao.bench.http.targets.Persistence;

/**
 * One measured run of one target; {@code persistence} is null for the peer, which persists nothing, and {@code service}
 * (the service's own counters over the window) for a target without them. {@code draws} is the draw phase that
 * followed the grabs on the same service ({@code --draws}), null when there was none. {@code events} is the outbox of a
 * service publishing its money events ({@code --also-events}), null for any other.
 */
public record TargetRun(
        String target,
        int run,
        int packets,
        Measurement measurement,
        Persistence persistence,
        ServiceWindow service,
        Measurement draws,
        EventsRun events) {

    public TargetRun(
            String target,
            int run,
            int packets,
            Measurement measurement,
            Persistence persistence,
            ServiceWindow service,
            Measurement draws) {
        this(target, run, packets, measurement, persistence, service, draws, null);
    }

    TargetRun(
            String target,
            int run,
            int packets,
            Measurement measurement,
            Persistence persistence,
            ServiceWindow service) {
        this(target, run, packets, measurement, persistence, service, null, null);
    }

    /** The draw phase's draws per second over this run's grabs per second, on the same service; NaN without draws. */
    public double drawsPerGrab() {
        if (draws == null || measurement.requestsPerSecond() <= 0) {
            return Double.NaN;
        }
        return draws.requestsPerSecond() / measurement.requestsPerSecond();
    }
}
