package io.hongbao.bench.http.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hongbao.bench.http.measure.CpuUsage;
import io.hongbao.bench.http.measure.LatencySummary;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.OutboxDrain;
import io.hongbao.bench.http.measure.OutboxWindow;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.targets.HongbaoTarget;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventsComparisonTest {

    private static final String EVENTS = HongbaoTarget.EVENTS_TARGET;

    /** A 30-second window at {@code rps} grabs/s, the service and MariaDB at these cores, the broker at 0.1. */
    private static TargetRun run(String target, int run, double rps, double serviceCores, double mariadbCores) {
        LatencySummary latency = new LatencySummary(1000, 1, 1, 2, 10, 20, 30, 40);
        CpuUsage cpu = new CpuUsage(
                1.9,
                0.1,
                Map.of("target", serviceCores, "redis", 0.2, "mariadb", mariadbCores, "kafka", 0.1),
                serviceCores * 1e6 / rps,
                2.5);
        long answered = (long) (rps * 30);
        Measurement measurement = new Measurement(
                30,
                answered,
                rps,
                rps,
                latency,
                latency,
                1_000,
                Map.of(Outcome.GRABBED, answered),
                Map.of(),
                0,
                answered,
                List.of(),
                cpu,
                rps);
        EventsRun events = target.equals(EVENTS)
                ? new EventsRun(
                        new OutboxWindow(2 * answered, 0.004 * run, 0.003, 0.020 * run, 0.050, 500),
                        new OutboxDrain.Drained(1_000L * run, 0.5 * run))
                : null;
        return new TargetRun(target, run, 100, measurement, null, null, null, events, null);
    }

    private static final List<TargetRun> RUNS = List.of(
            run("hongbao", 1, 5_000, 0.8, 0.4),
            run(EVENTS, 1, 4_000, 0.8, 0.4),
            run("hongbao", 2, 6_000, 0.9, 0.45),
            run(EVENTS, 2, 5_400, 0.9, 0.54),
            run("hongbao", 3, 5_000, 0.8, 0.4),
            run(EVENTS, 3, 4_500, 0.9, 0.45));

    @Test
    void throughputAndCpuPerGrabAreComparedRunByRun() {
        EventsComparison events = EventsComparison.of(RUNS, EVENTS, "hongbao");

        assertThat(events.throughputRatio()).isEqualTo(new Stats(0.9, 0.8, 0.9, 3));
        Stats service = events.microsPerGrab().get("target").get(EVENTS);
        assertThat(service.median()).isCloseTo(200, within(1e-9)); // 0.9 cores at 4,500/s
        assertThat(events.microsPerGrab().get("target").get("hongbao").median()).isCloseTo(160, within(1e-9));
        assertThat(events.ratioPerGrab().get("target").median()).isCloseTo(1.25, within(1e-9));
        assertThat(events.ratioPerGrab().get("mariadb").min()).isCloseTo(1.25, within(1e-9));
        assertThat(events.microsPerGrab().get("kafka").get(EVENTS).max()).isCloseTo(25, within(1e-9));
    }

    @Test
    void theLagAndTheDrainAreTheEventsTargetsOwn() {
        EventsComparison events = EventsComparison.of(RUNS, EVENTS, "hongbao");

        assertThat(events.meanLagMillis().median()).isCloseTo(8, within(1e-9));
        assertThat(events.lagP99Millis()).isEqualTo(new Stats(40, 20, 60, 3));
        assertThat(events.eventsPerSecond().median()).isCloseTo(9_000, within(1e-9)); // two events per grab
        assertThat(events.backlogAtWindowEnd().median()).isEqualTo(500);
        assertThat(events.rowsAtLoadStop()).isEqualTo(new Stats(2_000, 1_000, 3_000, 3));
        assertThat(events.drainSeconds()).isEqualTo(new Stats(1.0, 0.5, 1.5, 3));
    }

    @Test
    void noEventsRunsNoComparison() {
        assertThat(EventsComparison.of(List.of(run("hongbao", 1, 5_000, 0.8, 0.4)), EVENTS, "hongbao"))
                .isNull();
        assertThat(Report.of("now", Map.of(), "closed", RUNS).events()).isNotNull();
        assertThat(TextReport.render(Report.of("now", Map.of(), "closed", RUNS)))
                .contains("Money events: hongbao-events ÷ hongbao, run by run: grabs/s 0.90x (0.80x–0.90x)");
    }
}
