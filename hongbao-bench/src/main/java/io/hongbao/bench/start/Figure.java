package io.hongbao.bench.start;

import io.hongbao.bench.start.StartRun.Kind;
import java.util.function.ToDoubleFunction;

/** The figures {@code bench start} reports per target: each read from the one start of a round it is about. */
enum Figure {
    FIRST_START_SECONDS("firstStartSeconds", "first start to ready", "s", Kind.FIRST_START, StartRun::secondsToReady),
    FIRST_START_RSS("firstStartRssMb", "  RSS at ready", "MB", Kind.FIRST_START, StartRun::rssMbAtReady),
    RESTART_SECONDS("restartSeconds", "restart to ready", "s", Kind.RESTART, StartRun::secondsToReady),
    RESTART_RSS("restartRssMb", "  RSS at ready", "MB", Kind.RESTART, StartRun::rssMbAtReady),
    FIRST_10_SECONDS(
            "first10sPerSecond",
            "  first 10 s after ready",
            "req/s",
            Kind.RESTART,
            run -> ramp(run).firstSeconds()),
    STEADY(
            "steadyPerSecond",
            "  steady (last third)",
            "req/s",
            Kind.RESTART,
            run -> ramp(run).steady()),
    FIRST_10_SECONDS_OVER_STEADY(
            "first10sOverSteady",
            "  first 10 s ÷ steady",
            "",
            Kind.RESTART,
            run -> ramp(run).ratio()),
    RSS_AFTER_LOAD(
            "rssAfterLoadMb",
            "  RSS after the load",
            "MB",
            Kind.RESTART,
            run -> run.load() == null ? Double.NaN : run.load().rssMbAfterLoad()),
    EXTERNAL_SECONDS("externalSeconds", "external mode to ready", "s", Kind.EXTERNAL, StartRun::secondsToReady),
    EXTERNAL_RSS("externalRssMb", "  RSS at ready", "MB", Kind.EXTERNAL, StartRun::rssMbAtReady);

    private static final RampUp NO_LOAD = new RampUp(Double.NaN, Double.NaN, Double.NaN);

    final String id;
    final String label;
    final String unit;
    final Kind kind;
    private final ToDoubleFunction<StartRun> value;

    Figure(String id, String label, String unit, Kind kind, ToDoubleFunction<StartRun> value) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.kind = kind;
        this.value = value;
    }

    /** The figure of {@code run}, NaN when the start failed or did not measure it. */
    double of(StartRun run) {
        return run.ok() ? value.applyAsDouble(run) : Double.NaN;
    }

    private static RampUp ramp(StartRun run) {
        return run.load() == null ? NO_LOAD : run.load().rampUp();
    }
}
