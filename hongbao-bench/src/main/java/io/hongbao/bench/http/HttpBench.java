package io.hongbao.bench.http;

import io.hongbao.bench.BenchResults;
import io.hongbao.bench.http.load.DrawWorkload;
import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.SignedTokens;
import io.hongbao.bench.http.load.Workload;
import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.http.measure.LoadRun;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.measure.OutboxDrain;
import io.hongbao.bench.http.measure.Outcome;
import io.hongbao.bench.http.measure.QuietMachine;
import io.hongbao.bench.http.measure.ServiceMeters;
import io.hongbao.bench.http.report.EventsRun;
import io.hongbao.bench.http.report.HtmlChart;
import io.hongbao.bench.http.report.Report;
import io.hongbao.bench.http.report.TargetRun;
import io.hongbao.bench.http.report.TextReport;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.Persistence;
import io.hongbao.bench.http.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs {@code bench http}: run 1 of every target, then run 2 of every target, and so on, never two targets at once
 * (the machine has two cores). Each run gets fresh packets, a warm-up and a measured window; after a Hongbao run the
 * bench waits for the persister to drain before the next target starts, so no target pays for another's backlog.
 */
final class HttpBench {

    /** Drawers' user ids start here: away from the grabbers (a few million at most) and the senders. */
    static final long FIRST_DRAWER = 3_000_000_001L;

    /** Points each drawer gets once per target: 2,000 draws, enough for every run at any rate this machine reaches. */
    static final long DRAWER_POINTS = 2_000 * DrawWorkload.DRAW_COST;

    static final double NEXT_RUN_GROWTH = 2.0;

    /** How long after the load the bench waits for an outbox to empty before it goes on (ADR 0096). */
    static final Duration OUTBOX_DRAIN_LIMIT = Duration.ofMinutes(5);

    /** The targets with a draw phase: this build, and another build beside it (--also-jar) to compare draws too. */
    static final Set<String> DRAWING_TARGETS = Set.of("hongbao", HongbaoTarget.OTHER_BUILD_TARGET);

    private final HttpCommand options;
    /** The wheel of each target that has a draw phase, set up before its first one. */
    private final Map<String, String> wheels = new HashMap<>();

    HttpBench(HttpCommand options) {
        this.options = options;
    }

    int run() throws Exception {
        Path work = BenchResults.folder(options.workDir, "http");
        String startedAt = Instant.now().toString();
        List<TargetRun> results = new ArrayList<>();
        System.err.println("bench http: starting targets (logs in " + work.toAbsolutePath() + ")");
        LoadProfile profile = null;
        try (BenchEnvironment environment = BenchEnvironment.start(options, work)) {
            profile = options.profile(environment.tokens(), environment.secret());
            for (Target target : environment.targets()) {
                profile.prepare(target);
            }
            Map<String, Double> expectedRates = new HashMap<>();
            for (int run = 1; run <= options.runs; run++) {
                for (Target target : environment.targets()) {
                    results.add(runOnce(environment, profile, target, run, expectedRates));
                }
            }
        }
        Report report = Report.of(startedAt, options.settingsForReport(profile), latencyMethod(), results);
        System.out.println();
        System.out.println(TextReport.render(report));
        write(report, options.json != null ? options.json : work.resolve("report.json"));
        boolean clean = report.summaries().values().stream().allMatch(s -> s.errors() == 0 && s.everyAuditOk());
        return clean ? 0 : 1;
    }

    private TargetRun runOnce(
            BenchEnvironment environment, LoadProfile profile, Target target, int run, Map<String, Double> expected)
            throws Exception {
        double rate = options.rate > 0 ? options.rate : expected.getOrDefault(target.name(), options.expectedRate());
        LoadSettings settings = options.loadSettings(run);
        LoadProfile.RunLoad load = profile.load(target, run, rate, settings);
        List<String> packetIds = load.packetIds();
        Workload workload = load.workload();
        settle(target.name() + " run " + run);
        CpuMeter cpu = new CpuMeter(environment.processesFor(target));
        ServiceMeters meters = target.metricsUrl().map(ServiceMeters::new).orElse(null);
        Measurement measurement;
        try (GrabClient client = new GrabClient(target.baseUrl(), settings)) {
            LoadRun.PersistedRows rows = () -> target.persistedRows(packetIds).orElse(-1);
            measurement = new LoadRun(
                            client,
                            workload,
                            settings,
                            cpu,
                            "target",
                            rows,
                            meters == null ? LoadRun.WindowProbe.NONE : meters)
                    .execute(String.format("%-7s run %d/%d", target.name(), run, options.runs));
        }
        long loadStopped = System.nanoTime();
        OutboxDrain outbox = target.outboxRows().isPresent()
                ? OutboxDrain.watch(() -> target.outboxRows().orElse(-1), loadStopped)
                : null;
        // A JVM still warming up can run twice as fast in its next run: size that from twice the best so far.
        double best = Math.max(measurement.requestsPerSecond(), measurement.warmupRequestsPerSecond());
        expected.merge(target.name(), best * NEXT_RUN_GROWTH, Math::max);
        if (workload.attemptsPastCapacity() > 0) {
            System.err.printf(
                    "%s run %d sold out (%d of %d fresh attempts found no share): raise --packets or --expected-rate%n",
                    target.name(), run, workload.attemptsPastCapacity(), workload.freshAttempts());
        }
        Persistence persistence = target.awaitPersisted(packetIds, measurement.grantedAll(), loadStopped);
        if (persistence != null) {
            System.err.printf(
                    "%s run %d: %d grants persisted %.2f s after the load stopped; audit %s%n",
                    target.name(),
                    run,
                    persistence.granted(),
                    persistence.drainSeconds(),
                    persistence.auditOk() ? "ok" : "FAILED " + persistence.failedChecks());
        }
        EventsRun events = outbox == null ? null : events(target, run, outbox, persistence, meters);
        Measurement draws = null;
        Measurement keyedDraws = null;
        if (options.draws && DRAWING_TARGETS.contains(target.name())) {
            // Keyed second in odd runs, first in even ones: neither kind always meets the warmer JVM or fuller tables.
            boolean keyedFirst = options.alsoKeyedDraws && run % 2 == 0;
            if (keyedFirst) {
                keyedDraws = drawPhase(environment, target, run, settings, true).orElse(null);
            }
            draws = drawPhase(environment, target, run, settings, options.drawIdempotencyKeys)
                    .orElse(null);
            if (options.alsoKeyedDraws && !keyedFirst) {
                keyedDraws = drawPhase(environment, target, run, settings, true).orElse(null);
            }
        }
        return new TargetRun(
                target.name(),
                run,
                packetIds.size(),
                measurement,
                persistence,
                meters == null ? null : meters.window(),
                draws,
                events,
                keyedDraws);
    }

    /**
     * Waits for the outbox to drain after the persister did, so that the next target pays for none of this one's
     * publishing, and gives this run's publishing figures.
     */
    private static EventsRun events(
            Target target, int run, OutboxDrain outbox, Persistence persistence, ServiceMeters meters)
            throws InterruptedException {
        try (outbox) {
            double persisted = persistence == null ? 0 : persistence.drainSeconds();
            OutboxDrain.Drained drained = outbox.await(persisted, OUTBOX_DRAIN_LIMIT);
            System.err.printf(
                    "%s run %d: %,d outbox rows when the load stopped, empty %.2f s after it%n",
                    target.name(), run, drained.rowsAtLoadStop(), drained.drainSeconds());
            return new EventsRun(meters == null ? null : meters.outboxWindow(), drained);
        }
    }

    /**
     * The draw phase: after the grabs (and their drain), draws on one wheel at the same connections, warm-up and
     * duration, measured the same way (closed loop or the same open-model rate, CPU per process over the window).
     */
    private Optional<Measurement> drawPhase(
            BenchEnvironment environment, Target target, int run, LoadSettings settings, boolean keyed)
            throws Exception {
        String wheel = wheels.get(target.name());
        if (wheel == null) {
            System.err.printf(
                    "%s: setting up a wheel and %,d drawers for the draw phase%n", target.name(), options.drawUsers);
            Optional<String> prepared = target.prepareDraws(FIRST_DRAWER, options.drawUsers, DRAWER_POINTS);
            if (prepared.isEmpty()) {
                return Optional.empty();
            }
            wheel = prepared.get();
            wheels.put(target.name(), wheel);
        }
        SignedTokens tokens =
                new SignedTokens(environment.secret(), Instant.now().plus(Duration.ofHours(12)));
        DrawWorkload workload = new DrawWorkload(wheel, FIRST_DRAWER, options.drawUsers, tokens::bearer, keyed);
        String phase = keyed ? "keyed draws" : "draws";
        settle(target.name() + " " + phase + " " + run);
        CpuMeter cpu = new CpuMeter(environment.processesFor(target));
        Measurement draws;
        try (GrabClient client = new GrabClient(target.baseUrl(), settings, Outcome::ofDraw)) {
            draws = new LoadRun(client, workload, settings, cpu, "target", () -> -1)
                    .execute(String.format("%-7s %s %d/%d", target.name(), phase, run, options.runs));
        }
        double perDrawer = DrawWorkload.perDrawer(draws.requestsPerSecond(), options.drawUsers);
        if (perDrawer > DrawWorkload.PER_USER_LIMIT / 2) {
            System.err.printf(
                    "%s run %d: %.1f draws/s per drawer, near the per-user limit of %.0f/s: raise --draw-users%n",
                    target.name(), run, perDrawer, DrawWorkload.PER_USER_LIMIT);
        }
        return Optional.of(draws);
    }

    /**
     * Lets the machine go quiet before a measured window, so that it does not pay for the previous one's background
     * work (see {@link QuietMachine}).
     */
    private void settle(String window) throws InterruptedException {
        QuietMachine.Settled settled = QuietMachine.here().await(options.settleLimit);
        if (!options.settleLimit.isZero()) {
            System.err.printf("%s: %s%n", window, settled.describe());
        }
    }

    private String latencyMethod() {
        if (options.rate > 0) {
            return String.format(
                    "open model at %.0f req/s over %d connections (wrk2-style schedule per connection); each latency "
                            + "counts from the request's intended send time, so waiting behind a stall is included",
                    options.rate, options.connections);
        }
        return "closed loop over " + options.connections + " connections (each sends its next request when the "
                + "previous answers); percentiles corrected for coordinated omission with HdrHistogram "
                + "recordValueWithExpectedInterval, expected interval = the mean response time over the warm-up's second half "
                + "(connections / throughput); uncorrected figures are in the JSON (rawLatency)";
    }

    private static void write(Report report, Path json) throws Exception {
        Path absolute = json.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        JsonMapper mapper =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        Files.writeString(absolute, mapper.writeValueAsString(report));
        String name = absolute.getFileName().toString().replaceFirst("\\.json$", "");
        Path html = absolute.resolveSibling(name + ".html");
        Files.writeString(html, HtmlChart.render(report));
        System.err.println("report: " + absolute + " and " + html);
    }
}
