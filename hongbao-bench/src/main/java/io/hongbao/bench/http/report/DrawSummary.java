package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.Measurement;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A target's draw phases over all its runs ({@code bench http --draws}): median and range of each figure, the way
 * {@link TargetSummary} gives them for grabs.
 *
 * @param drawsPerGrab draws per second over grabs per second, taken run by run (each draw phase ran right after its
 *     run's grabs, on the same service) and then summarised: the draws target of docs/performance.md
 * @param targetMicrosPerDraw the service JVM's CPU per draw, µs ({@link CpuMeter})
 * @param redisMicrosPerDraw Redis' CPU per draw, µs
 * @param mariadbMicrosPerDraw MariaDB's CPU per draw, µs
 * @param errors error answers (429 from the per-user limit included) over every measured window
 */
public record DrawSummary(
        String target,
        int runs,
        Stats drawsPerSecond,
        Stats p50,
        Stats p99,
        Stats drawsPerGrab,
        Stats targetMicrosPerDraw,
        Stats redisMicrosPerDraw,
        Stats mariadbMicrosPerDraw,
        long errors) {

    /** Summarises the runs that had a draw phase; null when none had. */
    static DrawSummary of(String target, List<TargetRun> runs) {
        return of(target, runs, TargetRun::draws);
    }

    /** Summarises one kind of draw phase, {@code phase} of each run, under {@code label}; null when no run had it. */
    static DrawSummary of(String label, List<TargetRun> runs, Function<TargetRun, Measurement> phase) {
        List<TargetRun> drawn =
                runs.stream().filter(r -> phase.apply(r) != null).toList();
        if (drawn.isEmpty()) {
            return null;
        }
        return new DrawSummary(
                label,
                drawn.size(),
                stats(drawn, r -> phase.apply(r).requestsPerSecond()),
                stats(drawn, r -> phase.apply(r).latency().p50()),
                stats(drawn, r -> phase.apply(r).latency().p99()),
                stats(drawn, r -> r.drawsPerGrab(phase.apply(r))),
                stats(drawn, r -> phase.apply(r).cpuMicrosPerRequest("target")),
                stats(drawn, r -> phase.apply(r).cpuMicrosPerRequest("redis")),
                stats(drawn, r -> phase.apply(r).cpuMicrosPerRequest("mariadb")),
                drawn.stream().mapToLong(r -> phase.apply(r).errors()).sum());
    }

    private static Stats stats(List<TargetRun> runs, ToDoubleFunction<TargetRun> figure) {
        return Stats.of(runs.stream()
                .mapToDouble(figure)
                .filter(value -> !Double.isNaN(value))
                .boxed()
                .toList());
    }
}
