package io.hongbao.bench.http.report;

import io.hongbao.bench.http.measure.CpuMeter;
import java.util.List;
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
        List<TargetRun> drawn = runs.stream().filter(r -> r.draws() != null).toList();
        if (drawn.isEmpty()) {
            return null;
        }
        return new DrawSummary(
                target,
                drawn.size(),
                stats(drawn, r -> r.draws().requestsPerSecond()),
                stats(drawn, r -> r.draws().latency().p50()),
                stats(drawn, r -> r.draws().latency().p99()),
                stats(drawn, TargetRun::drawsPerGrab),
                stats(drawn, r -> r.draws().cpuMicrosPerRequest("target")),
                stats(drawn, r -> r.draws().cpuMicrosPerRequest("redis")),
                stats(drawn, r -> r.draws().cpuMicrosPerRequest("mariadb")),
                drawn.stream().mapToLong(r -> r.draws().errors()).sum());
    }

    private static Stats stats(List<TargetRun> runs, ToDoubleFunction<TargetRun> figure) {
        return Stats.of(runs.stream()
                .mapToDouble(figure)
                .filter(value -> !Double.isNaN(value))
                .boxed()
                .toList());
    }
}
