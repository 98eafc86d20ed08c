package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.ServiceWindow;
import io.hongbao.bench.http.targets.Persistence;

/**
 * One measured run of one target; {@code persistence} is null for the peer, which persists nothing, and {@code service}
 * (the service's own counters over the window) for a target without them. {@code draws} is the draw phase that
 * followed the grabs on the same service ({@code --draws}), null when there was none. {@code events} is the outbox of a
 * service publishing its money events ({@code --also-events}), null for any other. {@code keyedDraws} is a second
 * draw phase of the same run whose draws each carried an Idempotency-Key ({@code --also-keyed-draws}), null without.
 */
public record TargetRun(
        String target,
        int run,
        int packets,
        Measurement measurement,
        Persistence persistence,
        ServiceWindow service,
        Measurement draws,
        EventsRun events,
        Measurement keyedDraws) {

    public TargetRun(
            String target,
            int run,
            int packets,
            Measurement measurement,
            Persistence persistence,
            ServiceWindow service,
            Measurement draws) {
        this(target, run, packets, measurement, persistence, service, draws, null, null);
    }

    TargetRun(
            String target,
            int run,
            int packets,
            Measurement measurement,
            Persistence persistence,
            ServiceWindow service) {
        this(target, run, packets, measurement, persistence, service, null, null, null);
    }

    /** The draw phase's draws per second over this run's grabs per second, on the same service; NaN without draws. */
    public double drawsPerGrab() {
        return drawsPerGrab(draws);
    }

    /** The same for {@code phase}, one of this run's draw phases. */
    public double drawsPerGrab(Measurement phase) {
        if (phase == null || measurement.requestsPerSecond() <= 0) {
            return Double.NaN;
        }
        return phase.requestsPerSecond() / measurement.requestsPerSecond();
    }

    /**
     * {@code process}'s CPU per keyed draw over its CPU per unkeyed draw, this run's two draw phases on the same
     * service ({@code --also-keyed-draws}); NaN without both.
     */
    public double keyedOverUnkeyed(String process) {
        if (draws == null || keyedDraws == null) {
            return Double.NaN;
        }
        double unkeyed = draws.cpuMicrosPerRequest(process);
        return unkeyed > 0 ? keyedDraws.cpuMicrosPerRequest(process) / unkeyed : Double.NaN;
    }
}
