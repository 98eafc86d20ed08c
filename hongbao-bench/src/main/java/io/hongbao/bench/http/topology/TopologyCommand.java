package io.hongbao.bench.http.topology;

import io.hongbao.bench.http.DurationConverter;
import io.hongbao.bench.http.load.CampaignProfile;
import io.hongbao.bench.http.load.HotProfile;
import io.hongbao.bench.http.load.HotWorkload;
import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.PacketSizing;
import io.hongbao.bench.http.load.Workload;
import io.hongbao.bench.http.measure.CpuMeter;
import io.hongbao.bench.http.measure.GrabClient;
import io.hongbao.bench.http.measure.LoadRun;
import io.hongbao.bench.http.measure.Measurement;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.JdbcGrabRows;
import io.hongbao.bench.http.targets.Persistence;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code hongbao-bench topology}: the HTTP grab load of {@code bench http} against a topology that is already running
 * (scripts/cluster.sh, or several machines), measured per component: each Redis node through INFO (CPU, script calls,
 * grants), each local process of the topology through /proc (service instances, MariaDB, HAProxy, the bench itself).
 * The figure that matters is CPU per grab summed over the components, compared between two topologies run back to
 * back on the same machine ({@code --compare}): on a small machine absolute throughput does not scale, the cost per
 * grab must not grow (docs/scale-out.md).
 */
@Command(
        name = "topology",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "HTTP grabs against a running topology: throughput, p99, CPU per grab per component, grants per"
                + " Redis primary (docs/scale-out.md).")
public final class TopologyCommand implements Callable<Integer> {

    private static final Duration TOKEN_LIFE = Duration.ofHours(12);

    @Spec
    CommandSpec spec;

    @Option(
            names = "--url",
            defaultValue = "http://127.0.0.1:8888",
            description = "HAProxy or one instance (${DEFAULT-VALUE})")
    String url;

    @Option(
            names = "--secret-file",
            defaultValue = "cluster-data/jwt-secret",
            description = "the instances' HONGBAO_JWT_SECRET (${DEFAULT-VALUE})")
    Path secretFile;

    @Option(
            names = "--redis",
            split = ",",
            defaultValue = "127.0.0.1:7001",
            description = "Redis seeds host:port; a cluster's other nodes are found from one (${DEFAULT-VALUE})")
    List<String> redis;

    @Option(
            names = "--pids-dir",
            defaultValue = "cluster-data/run",
            description = "pid files of the local processes to measure, NAME.pid; redis-*.pid are skipped (Redis is"
                    + " measured through INFO) (${DEFAULT-VALUE})")
    Path pidsDir;

    @Option(names = "--pid", description = "another local process to measure, NAME=PID")
    Map<String, Long> pids = new LinkedHashMap<>();

    @Option(
            names = "--label",
            defaultValue = "topology",
            description = "this topology's name in the report (${DEFAULT-VALUE})")
    String label;

    @Option(names = "--compare", description = "an earlier --json of this command: prints the ratio of CPU per grab")
    Path compare;

    @Option(names = "--connections", defaultValue = "64", description = "keep-alive connections (${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = "--duration",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "(${DEFAULT-VALUE})")
    Duration duration;

    @Option(
            names = "--warmup",
            defaultValue = "45s",
            converter = DurationConverter.class,
            description = "(${DEFAULT-VALUE})")
    Duration warmup;

    @Option(
            names = "--rate",
            defaultValue = "0",
            description = "open model at this req/s over all connections; 0 = closed loop (${DEFAULT-VALUE}). Below"
                    + " saturation the CPU per grab is the cost of a grab, not the contention of the processes")
    double rate;

    @Option(
            names = "--profile",
            defaultValue = "hot",
            description = "hot: packets of --shares, grabbed by --users; campaign: one campaign (ADR 0103) over every"
                    + " primary, sized not to sell out, each tap a new person of --users in order (${DEFAULT-VALUE})")
    String profile;

    @Option(
            names = "--db",
            split = ",",
            defaultValue = "jdbc:mariadb://127.0.0.1:3407/hongbao",
            description = "the topology's databases (JDBC URLs, one per database shard), where the bench reads the"
                    + " grab rows and a campaign's pools; user root, no password (${DEFAULT-VALUE})")
    List<String> databases;

    @Option(names = "--users", defaultValue = "100000", description = "distinct grabbers (${DEFAULT-VALUE})")
    int users;

    @Option(names = "--shares", defaultValue = "1000", description = "shares per packet (${DEFAULT-VALUE})")
    int shares;

    @Option(
            names = "--packets",
            defaultValue = "0",
            description = "packets; 0 = enough not to sell out at --expected-rate")
    int packets;

    @Option(
            names = "--expected-rate",
            defaultValue = "10000",
            description = "req/s for sizing packets in a closed loop; --rate when set (${DEFAULT-VALUE})")
    double expectedRate;

    @Option(names = "--duplicates", defaultValue = "0.05", description = "share of repeated taps (${DEFAULT-VALUE})")
    double duplicates;

    @Option(names = "--client-threads", defaultValue = "2", description = "(${DEFAULT-VALUE})")
    int clientThreads;

    @Option(
            names = "--timeout",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description = "(${DEFAULT-VALUE})")
    Duration timeout;

    @Option(names = "--json", description = "write the report as JSON here")
    Path json;

    @Override
    public Integer call() throws Exception {
        if (shares < 1 || shares > 1000 || users < shares || connections < 1 || rate < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--shares 1..1000, --users >= --shares, --connections >= 1, --rate >= 0");
        }
        if (!HotProfile.NAME.equals(profile) && !CampaignProfile.NAME.equals(profile)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--profile is hot or campaign");
        }
        String secret = Files.readString(secretFile).trim();
        JwtSecret jwt = new JwtSecret(secret.getBytes(StandardCharsets.UTF_8));
        TokenIssuer tokens = new TokenIssuer(jwt);
        HongbaoTarget target =
                new HongbaoTarget(label, url, OptionalLong.empty(), tokens, new JdbcGrabRows(databases, "root", ""));
        LoadSettings settings = new LoadSettings(connections, warmup, duration, rate, timeout, clientThreads);
        LoadProfile.RunLoad load =
                CampaignProfile.NAME.equals(profile) ? campaign(target, jwt, settings) : hotPackets(target, tokens);
        List<String> packetIds = load.packetIds();
        Workload workload = load.workload();
        Map<String, Long> processes = processes();
        try (RedisNodes nodes = new RedisNodes(redis)) {
            Map<String, RedisNodes.NodeCounters>[] redisAt = new Map[2];
            LoadRun.WindowProbe probe = new LoadRun.WindowProbe() {
                @Override
                public void begin() {
                    redisAt[0] = nodes.read();
                }

                @Override
                public void end() {
                    redisAt[1] = nodes.read();
                }
            };
            Measurement measurement;
            try (GrabClient client = new GrabClient(url, settings)) {
                measurement = new LoadRun(client, workload, settings, new CpuMeter(processes), "none", () -> -1, probe)
                        .execute(label);
            }
            if (workload.attemptsPastCapacity() > 0) {
                System.err.printf("%s sold out: raise --expected-rate or --packets%n", label);
            }
            Persistence persistence = target.awaitPersisted(packetIds, measurement.grantedAll(), System.nanoTime());
            TopologyReport report = TopologyReport.of(
                    label, url, Instant.now().toString(), measurement, redisAt[0], redisAt[1], persistence, settings);
            System.out.println();
            System.out.println(rate > 0 ? "open model at " + rate + " req/s" : "closed loop");
            System.out.println(report.render());
            if (compare != null) {
                TopologyReport before = JsonMapper.shared().readValue(compare.toFile(), TopologyReport.class);
                System.out.println(report.compareWith(before));
            }
            if (json != null) {
                Path file = json.toAbsolutePath();
                Files.createDirectories(file.getParent());
                Files.writeString(
                        file,
                        JsonMapper.builder()
                                .enable(SerializationFeature.INDENT_OUTPUT)
                                .build()
                                .writeValueAsString(report));
                System.err.println("report: " + file);
            }
            return measurement.errors() == 0 && persistence.auditOk() ? 0 : 1;
        }
    }

    /** Packets of {@code --shares}, and a token for each of {@code --users}. */
    private LoadProfile.RunLoad hotPackets(HongbaoTarget target, TokenIssuer tokens) throws Exception {
        int count = packets > 0
                ? packets
                : PacketSizing.packetsFor(rate > 0 ? rate : expectedRate, warmup, duration, duplicates, shares);
        long setup = System.nanoTime();
        List<String> packetIds = target.createPackets(count, shares, 100);
        System.err.printf(
                "%s: %d packets of %d shares set up in %.1f s%n",
                label, count, shares, (System.nanoTime() - setup) / 1e9);
        List<String> grabbers = new ArrayList<>(users);
        for (int i = 0; i < users; i++) {
            grabbers.add(tokens.issue(LoadProfile.FIRST_GRABBER + i, false, TOKEN_LIFE));
        }
        return new LoadProfile.RunLoad(packetIds, new HotWorkload(packetIds, grabbers, shares, duplicates));
    }

    /** One campaign over every primary, its pools the packets measured, as {@code bench http --profile campaign}. */
    private LoadProfile.RunLoad campaign(HongbaoTarget target, JwtSecret jwt, LoadSettings settings) throws Exception {
        CampaignProfile campaign = new CampaignProfile(jwt, users, 100, duration);
        campaign.prepare(target);
        return campaign.load(target, 0, rate > 0 ? rate : expectedRate, settings);
    }

    /** Local processes by name: the pid files (Redis excepted), --pid, and this bench. */
    private Map<String, Long> processes() throws Exception {
        Map<String, Long> processes = new LinkedHashMap<>();
        if (Files.isDirectory(pidsDir)) {
            try (Stream<Path> files = Files.list(pidsDir)) {
                for (Path file : files.sorted().toList()) {
                    String name = file.getFileName().toString();
                    if (name.endsWith(".pid") && !name.startsWith("redis-")) {
                        processes.put(
                                name.substring(0, name.length() - 4),
                                Long.parseLong(Files.readString(file).trim()));
                    }
                }
            }
        }
        processes.putAll(pids);
        processes.put("bench", ProcessHandle.current().pid());
        return processes;
    }
}
