package io.hongbao.bench.soak;

import io.hongbao.bench.BenchResults;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.http.measure.LoadRun;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.targets.ChildJvm;
import io.hongbao.bench.http.targets.Persistence;
import io.hongbao.bench.start.LogLines;
import io.hongbao.bench.start.RealisticData;
import io.hongbao.bench.start.ServiceProcess;
import io.hongbao.bench.start.TargetForm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs {@code bench soak}: one start of the candidate, the realistic data for the whole run, the open-model load with
 * the sampler beside it, the persister's drain and the audit, then the reports.
 */
final class SoakBench {

    private static final Duration READY_LIMIT = Duration.ofMinutes(3);
    /** The set-up sends thousands of packets from four senders, far over the per-user send limit (bench http too). */
    private static final Map<String, String> ENV = Map.of("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");

    private final SoakCommand options;
    private final TargetForm target;

    SoakBench(SoakCommand options, TargetForm target) {
        this.options = options;
        this.target = target;
    }

    int run() throws Exception {
        Path out = BenchResults.folder(options.out, "soak").toAbsolutePath();
        String startedAt = Instant.now().toString();
        System.err.println("bench soak: log, data and reports in " + out);
        Path dataDir = out.resolve("data");
        int port = ChildJvm.freePort();
        List<String> command = target.command(options.javaExecutable(), options.jvmArgList(), port, dataDir);
        SoakReport report;
        try (ServiceProcess service = ServiceProcess.launch(command, ENV, out, out.resolve("service.log"), port)) {
            ServiceProcess.Readiness ready = service.awaitReady(READY_LIMIT, Duration.ofMillis(50));
            if (!ready.ok()) {
                System.err.println("bench soak: the service failed to start: " + ready.failure() + "; its log ends:");
                service.logTail(30).forEach(line -> System.err.println("    " + line));
                return 1;
            }
            System.err.printf("bench soak: ready in %.1f s; setting up the realistic data%n", ready.seconds());
            LoadSettings settings = options.loadSettings();
            RealisticData data = RealisticData.setUp(
                    target.name(), service, dataDir, options.shape(), options.rate, options.duration, settings);
            Measurement measured;
            List<SoakSample> samples;
            try (GrabClient client = new GrabClient(service.baseUrl(), settings)) {
                LoadRun load = new LoadRun(
                        client,
                        data.load().workload(),
                        settings,
                        new CpuMeter(Map.of("target", service.pid())),
                        "target",
                        () -> -1);
                try (SoakSampler sampler = SoakSampler.start(service, load, options.sampleEvery)) {
                    measured = load.execute("soak");
                    samples = sampler.samples();
                }
            }
            long loadStopped = System.nanoTime();
            Persistence persistence =
                    data.target().awaitPersisted(data.load().packetIds(), measured.grantedAll(), loadStopped);
            service.stop();
            double seconds = options.duration.toMillis() / 1000.0;
            report = new SoakReport(
                    startedAt,
                    settings(service, ready),
                    samples,
                    Growth.of(samples, seconds, SoakSample::rssMb),
                    Growth.of(samples, seconds, SoakSample::heapUsedMb),
                    new SoakReport.Load(
                            measured.requests(),
                            measured.requestsPerSecond(),
                            measured.errors(),
                            measured.outcomes(),
                            measured.latency(),
                            data.load().workload().attemptsPastCapacity()),
                    persistence,
                    LogLines.of(service.logText()));
        }
        write(out, report);
        return report.clean() ? 0 : 1;
    }

    private Map<String, Object> settings(ServiceProcess service, ServiceProcess.Readiness ready) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("candidate", target.path() + (target.classDataArchive() ? " (with its class-data archive)" : ""));
        settings.put("java", options.javaExecutable());
        settings.put("jvmArgs", options.jvmArgList());
        settings.put("environment", ENV);
        settings.put("readySeconds", ready.seconds());
        settings.put(
                "load",
                "bench http's realistic grabs, open model at " + options.rate + " grabs/s over " + options.connections
                        + " connections for " + options.duration);
        settings.put("sampleEvery", options.sampleEvery.toString());
        settings.put("profile", options.shape().describe());
        settings.put("log", service.log().toString());
        settings.put("cores", Runtime.getRuntime().availableProcessors());
        return settings;
    }

    private static void write(Path out, SoakReport report) throws Exception {
        String text = SoakText.render(report);
        System.out.println();
        System.out.println(text);
        Files.writeString(out.resolve("soak.txt"), text);
        Files.writeString(out.resolve("soak.csv"), SoakText.csv(report.samples()));
        Files.writeString(out.resolve("soak.html"), SoakChart.render(report, text));
        JsonMapper json =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        Files.writeString(out.resolve("soak.json"), json.writeValueAsString(report));
        System.err.println("reports: " + out.resolve("soak.{txt,csv,json,html}"));
    }
}
