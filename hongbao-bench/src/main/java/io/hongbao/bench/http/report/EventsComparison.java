package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.OutboxWindow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What publishing the money events costs (ADR 0096): the service publishing them against the same service without a
 * bus, run by run (run i of both ran back to back), and how far the publisher stayed behind under that load.
 *
 * @param throughputRatio grabs/s with events ÷ without, per run pair
 * @param microsPerGrab per process (target, redis, mariadb, kafka, bench), "target" → its CPU per answered grab, µs
 * @param ratioPerGrab per process, its CPU per grab with events ÷ without, per run pair
 * @param eventsPerSecond events the broker acknowledged per second of the window
 * @param meanLagMillis the window's mean publish lag, commit to acknowledgement
 * @param lagP50Millis the median lag at the window's end, over the service's decaying window (up to 2 minutes)
 * @param lagP99Millis the 99th percentile, the same way
 * @param lagMaxMillis the longest lag, the same way
 * @param backlogAtWindowEnd rows waiting in the outbox at the window's end, as the service last sampled them (every
 *     2 s)
 * @param rowsAtLoadStop rows waiting in the outbox once the load's last answers came back, counted by the bench
 * @param drainSeconds from the load stopping until the outbox was empty with every grant persisted
 */
public record EventsComparison(
        String target,
        String baseline,
        Stats throughputRatio,
        Map<String, Map<String, Stats>> microsPerGrab,
        Map<String, Stats> ratioPerGrab,
        Stats eventsPerSecond,
        Stats meanLagMillis,
        Stats lagP50Millis,
        Stats lagP99Millis,
        Stats lagMaxMillis,
        Stats backlogAtWindowEnd,
        Stats rowsAtLoadStop,
        Stats drainSeconds) {

    static final List<String> PROCESSES = List.of("target", "redis", "mariadb", "kafka", "bench");

    /** Null when {@code runs} hold no run of {@code target}. */
    static EventsComparison of(List<TargetRun> runs, String target, String baseline) {
        List<TargetRun> events = Report.only(runs, target);
        if (events.isEmpty()) {
            return null;
        }
        Map<String, Map<String, Stats>> micros = new LinkedHashMap<>();
        Map<String, Stats> ratios = new LinkedHashMap<>();
        for (String process : PROCESSES) {
            Map<String, Stats> byTarget = new LinkedHashMap<>();
            byTarget.put(baseline, Report.stats(Report.only(runs, baseline), run -> microsPerGrab(run, process)));
            byTarget.put(target, Report.stats(events, run -> microsPerGrab(run, process)));
            micros.put(process, byTarget);
            ratios.put(process, Stats.of(Report.ratios(runs, target, baseline, run -> microsPerGrab(run, process))));
        }
        List<TargetRun> published = events.stream()
                .filter(run -> run.events() != null && run.events().publishing() != null)
                .toList();
        List<TargetRun> drained = events.stream()
                .filter(run -> run.events() != null && run.events().drain() != null)
                .toList();
        return new EventsComparison(
                target,
                baseline,
                Stats.of(Report.ratios(runs, target, baseline)),
                micros,
                ratios,
                Report.stats(
                        published,
                        run -> publishing(run).published() / run.measurement().seconds()),
                Report.stats(published, run -> publishing(run).meanLagSeconds() * 1e3),
                Report.stats(published, run -> publishing(run).lagP50Seconds() * 1e3),
                Report.stats(published, run -> publishing(run).lagP99Seconds() * 1e3),
                Report.stats(published, run -> publishing(run).lagMaxSeconds() * 1e3),
                Report.stats(published, run -> publishing(run).backlogAtEnd()),
                Report.stats(drained, run -> nonNegative(run.events().drain().rowsAtLoadStop())),
                Report.stats(drained, run -> nonNegative(run.events().drain().drainSeconds())));
    }

    /** A process's CPU over the window per answered grab, µs; NaN when it was not measured. */
    static double microsPerGrab(TargetRun run, String process) {
        Measurement m = run.measurement();
        Double cores = m.cpu().processCores().get(process);
        double perSecond = m.requestsPerSecond();
        return cores == null || perSecond <= 0 ? Double.NaN : cores * 1e6 / perSecond;
    }

    private static OutboxWindow publishing(TargetRun run) {
        return run.events().publishing();
    }

    /** A negative figure means "never got there" or "not read": left out of the median. */
    private static double nonNegative(double value) {
        return value < 0 ? Double.NaN : value;
    }
}
