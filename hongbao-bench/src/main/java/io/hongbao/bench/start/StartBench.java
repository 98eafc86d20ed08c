package io.hongbao.bench.start;

import io.hongbao.bench.BenchResults;
import io.hongbao.bench.BenchServers;
import io.hongbao.bench.http.BenchEnvironment;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.Workload;
import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.http.measure.LoadRun;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.targets.ChildJvm;
import io.hongbao.bench.start.StartRun.RestartLoad;
import io.hongbao.embedded.EmbeddedServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs {@code bench start}: the external servers once, each target's external database migrated once (untimed), then
 * per round, the targets one after another (the first alternating), each through {@link TargetRound}.
 */
final class StartBench {

    /**
     * Every start's environment beyond the README's command: the set-up sends thousands of packets from four senders,
     * far over the per-user send limit (as {@code bench http} does). The grab limit stays on.
     */
    static final Map<String, String> ENV = Map.of("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");

    private final StartCommand options;
    private final List<TargetForm> targets;

    StartBench(StartCommand options, List<TargetForm> targets) {
        this.options = options;
        this.targets = targets;
    }

    int run() throws Exception {
        Path out = BenchResults.folder(options.out, "start").toAbsolutePath();
        String startedAt = Instant.now().toString();
        System.err.println("bench start: logs and report in " + out);
        List<StartRun> runs = new ArrayList<>();
        try (EmbeddedServers servers = BenchServers.startWhatIsNotGiven(out.resolve("external-servers"), null, null)) {
            Map<String, TargetRound.Starts> starts = new LinkedHashMap<>();
            for (int i = 0; i < targets.size(); i++) {
                TargetForm target = targets.get(i);
                Map<String, String> external = externalEnv(servers, target, i + 1);
                TargetRound.Starts of = new TargetRound.Starts(options, target, out, external);
                of.migrateExternalDatabase();
                starts.put(target.name(), of);
            }
            for (int round = 1; round <= options.runs; round++) {
                List<TargetForm> order = new ArrayList<>(targets);
                if (round % 2 == 0) {
                    Collections.reverse(order);
                }
                for (TargetForm target : order) {
                    runs.addAll(new TargetRound(starts.get(target.name()), round).measure());
                }
            }
        }
        discard(options, out.resolve("external-servers"));
        for (TargetForm target : targets) {
            discard(
                    options,
                    out.resolve("external-migration").resolve(target.name()).resolve("data"));
        }
        StartReport report = new StartReport(
                startedAt,
                settings(),
                targetPaths(),
                StartSummary.of(targets.stream().map(TargetForm::name).toList(), options.runs, runs),
                runs);
        String text = StartText.render(report);
        System.out.println();
        System.out.println(text);
        Files.writeString(out.resolve("report.txt"), text);
        JsonMapper json =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        Files.writeString(out.resolve("report.json"), json.writeValueAsString(report));
        System.err.println("report: " + out.resolve("report.txt") + " and " + out.resolve("report.json"));
        return runs.stream().allMatch(StartRun::ok) ? 0 : 1;
    }

    /**
     * External mode: the bench's Redis and MariaDB, a Redis database and a MariaDB database of the target's own, the
     * same at every start, so each start meets a schema already migrated, as an instance joining a deployment does.
     */
    private static Map<String, String> externalEnv(EmbeddedServers servers, TargetForm target, int redisDatabase) {
        Map<String, String> env = new LinkedHashMap<>(ENV);
        env.put("HONGBAO_REDIS_URL", BenchEnvironment.redisInDatabase(servers.redisUrl(), redisDatabase));
        env.put("HONGBAO_DB_URL", BenchEnvironment.siblingDatabase(servers.jdbcUrl(), "_start_" + target.name()));
        env.put("HONGBAO_DB_USER", servers.dbUser());
        env.put("HONGBAO_DB_PASSWORD", servers.dbPassword());
        return env;
    }

    private Map<String, String> targetPaths() {
        Map<String, String> paths = new LinkedHashMap<>();
        for (TargetForm target : targets) {
            paths.put(
                    target.name(), target.path() + (target.classDataArchive() ? " (with its class-data archive)" : ""));
        }
        return paths;
    }

    private Map<String, Object> settings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("rounds", options.runs + ", the first target alternating: candidate first in odd rounds");
        settings.put("java", options.javaExecutable());
        settings.put("jvmArgs", options.jvmArgList());
        settings.put("environment", ENV);
        settings.put(
                "ready",
                "the first 200 of GET " + ServiceProcess.READINESS + ", asked every " + TargetRound.POLL.toMillis()
                        + " ms from the process start; failed after " + TargetRound.READY_LIMIT.toMinutes()
                        + " min");
        settings.put("rss", "VmRSS of the service's JVM (its embedded Redis and MariaDB not included)");
        settings.put(
                "restartLoad",
                "bench http's realistic grabs, closed loop over " + options.connections + " connections for "
                        + options.loadSeconds + " s from the moment the restart is ready; packets sized for "
                        + options.expectedRate + " grabs/s, sent during the first start");
        settings.put("profile", options.shape().describe());
        settings.put(
                "externalMode",
                "a Redis and a MariaDB started once by the bench; each target has its own Redis database and MariaDB"
                        + " database (hongbao_start_<target>), migrated by one untimed start before round 1 and the"
                        + " same at every start");
        settings.put("cores", Runtime.getRuntime().availableProcessors());
        return settings;
    }

    /**
     * Deletes a data folder once its services have exited, unless {@code --keep-data}; a folder that cannot be deleted
     * is left with a line on stderr, never at the cost of the measurements.
     */
    static void discard(StartCommand options, Path data) {
        if (!options.keepData) {
            try {
                FileSystemUtils.deleteRecursively(data);
            } catch (java.io.IOException e) {
                System.err.println("bench start: could not delete " + data + ": " + e);
            }
        }
    }

    /** The restart's load: the realistic grabs, closed loop, from the moment it is ready. */
    static RestartLoad load(
            GrabClient client, Workload workload, LoadSettings settings, ServiceProcess service, String title)
            throws Exception {
        LoadRun run = new LoadRun(
                client, workload, settings, new CpuMeter(Map.of("target", service.pid())), "target", () -> -1);
        Measurement measured = run.execute(title);
        return new RestartLoad(
                measured.answersPerSecond(),
                RampUp.of(measured.answersPerSecond()),
                service.rssMegabytes(),
                measured.requests(),
                measured.errors(),
                measured.outcomes(),
                workload.attemptsPastCapacity());
    }

    static int freePort() throws java.io.IOException {
        return ChildJvm.freePort();
    }
}
