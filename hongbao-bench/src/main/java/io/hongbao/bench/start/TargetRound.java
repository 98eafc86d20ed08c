package io.hongbao.bench.start;

import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.start.ServiceProcess.Readiness;
import io.hongbao.bench.start.StartRun.Kind;
import io.hongbao.bench.start.StartRun.RestartLoad;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One target's three starts in one round, each timed to readiness: the first start on an empty data folder (then the
 * realistic data set up through its API, and the bench's client warmed: {@link ClientWarmUp}), the restart on that
 * folder (then the realistic load), and a start in external mode. Each start is stopped with SIGTERM and waited for
 * before the next.
 */
final class TargetRound {

    static final Duration READY_LIMIT = Duration.ofMinutes(3);
    static final Duration POLL = Duration.ofMillis(50);
    private static final int TAIL = 30;

    private final Starts starts;
    private final int round;
    private final Path folder;
    private RealisticData data;
    private String setUpFailure;

    TargetRound(Starts starts, int round) {
        this.starts = starts;
        this.round = round;
        this.folder =
                starts.out().resolve("round-" + round).resolve(starts.target().name());
    }

    List<StartRun> measure() throws Exception {
        StartCommand options = starts.options();
        List<StartRun> runs = new ArrayList<>();
        Path dataDir = folder.resolve("data");
        runs.add(start(Kind.FIRST_START, dataDir, StartBench.ENV, StartBench.freePort(), service -> {
            setUp(service, dataDir);
            return null;
        }));
        if (data == null) {
            String why = runs.get(0).ok() ? "the set-up failed: " + setUpFailure : "the first start failed";
            runs.add(notStarted(Kind.RESTART, "no restart: " + why));
        } else {
            int port = StartBench.freePort();
            LoadSettings settings = options.loadSettings();
            String title =
                    String.format("%-9s round %d/%d load", starts.target().name(), round, options.runs);
            // made before the launch: the load's first request leaves the moment the service is ready
            try (GrabClient client = new GrabClient("http://127.0.0.1:" + port, settings)) {
                runs.add(start(
                        Kind.RESTART,
                        dataDir,
                        StartBench.ENV,
                        port,
                        service -> StartBench.load(client, data.load().workload(), settings, service, title)));
            }
        }
        StartBench.discard(options, dataDir);
        Path externalData = folder.resolve("external-data");
        runs.add(start(Kind.EXTERNAL, externalData, starts.externalEnv(), StartBench.freePort(), service -> null));
        StartBench.discard(options, externalData);
        return runs;
    }

    private void setUp(ServiceProcess service, Path dataDir) {
        StartCommand options = starts.options();
        try {
            data = RealisticData.setUp(
                    starts.target().name(),
                    service,
                    dataDir,
                    options.shape(),
                    options.expectedRate,
                    options.loadDuration(),
                    options.loadSettings());
        } catch (Exception e) {
            setUpFailure = e.toString();
            System.err.printf(
                    "%s round %d: set-up failed: %s%n", starts.target().name(), round, e);
            return;
        }
        try {
            ClientWarmUp.run(service.baseUrl(), options.connections);
        } catch (Exception e) {
            System.err.printf(
                    "%s round %d: the bench's client warm-up failed: %s%n",
                    starts.target().name(), round, e);
        }
    }

    private StartRun start(Kind kind, Path dataDir, Map<String, String> env, int port, WhileReady whileReady)
            throws Exception {
        String target = starts.target().name();
        String logName = kind.name().toLowerCase(Locale.ROOT).replace('_', '-') + ".log";
        try (ServiceProcess service = starts.launch(folder, dataDir, logName, env, port)) {
            Readiness ready = service.awaitReady(READY_LIMIT, POLL);
            double rss = ready.ok() ? service.rssMegabytes() : Double.NaN;
            LogLines toReady = LogLines.of(service.logText());
            String failure = ready.failure();
            RestartLoad load = null;
            if (ready.ok()) {
                System.err.printf(
                        Locale.ROOT,
                        "%s round %d %s: ready in %.2f s, RSS %.0f MB%n",
                        target,
                        round,
                        kind.label(),
                        ready.seconds(),
                        rss);
                try {
                    load = whileReady.run(service);
                } catch (Exception e) {
                    failure = "failed while ready: " + e;
                    System.err.printf("%s round %d %s: %s%n", target, round, kind.label(), failure);
                }
            } else {
                System.err.printf("%s round %d %s FAILED: %s%n", target, round, kind.label(), failure);
            }
            double stopSeconds = service.stop();
            return new StartRun(
                    target,
                    round,
                    kind,
                    ready.seconds(),
                    rss,
                    stopSeconds,
                    toReady,
                    LogLines.of(service.logText()),
                    starts.out().relativize(service.log()).toString(),
                    failure,
                    failure == null ? List.of() : service.logTail(TAIL),
                    load);
        }
    }

    private StartRun notStarted(Kind kind, String why) {
        return new StartRun(
                starts.target().name(),
                round,
                kind,
                Double.NaN,
                Double.NaN,
                Double.NaN,
                LogLines.NONE,
                LogLines.NONE,
                "",
                why,
                List.of(),
                null);
    }

    /** What a start does while the service is ready, before it is stopped: the set-up, the load, or nothing. */
    @FunctionalInterface
    private interface WhileReady {
        RestartLoad run(ServiceProcess service) throws Exception;
    }

    /** What a target's starts share, round after round. */
    record Starts(StartCommand options, TargetForm target, Path out, Map<String, String> externalEnv) {

        ServiceProcess launch(Path folder, Path dataDir, String logName, Map<String, String> env, int port)
                throws IOException {
            List<String> command = target.command(options.javaExecutable(), options.jvmArgList(), port, dataDir);
            return ServiceProcess.launch(command, env, folder, folder.resolve(logName), port);
        }

        /**
         * One untimed start in external mode before the rounds: it migrates the target's own database, so that
         * every timed external start meets a migrated schema.
         */
        void migrateExternalDatabase() throws Exception {
            Path folder = out.resolve("external-migration").resolve(target.name());
            System.err.printf("%s: one untimed start in external mode to migrate its database%n", target.name());
            try (ServiceProcess service =
                    launch(folder, folder.resolve("data"), "start.log", externalEnv, StartBench.freePort())) {
                Readiness ready = service.awaitReady(READY_LIMIT, POLL);
                if (!ready.ok()) {
                    System.err.printf(
                            "%s: the migrating start failed (%s); see %s%n",
                            target.name(), ready.failure(), service.log());
                }
                service.stop();
            }
        }
    }
}
