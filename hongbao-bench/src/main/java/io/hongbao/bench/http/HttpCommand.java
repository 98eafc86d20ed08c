package io.hongbao.bench.http;

import io.hongbao.bench.http.issuer.IssuerKey;
import io.hongbao.bench.http.load.CampaignProfile;
import io.hongbao.bench.http.load.HotProfile;
import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.LoadSettings;
import io.hongbao.bench.http.load.RealisticProfile;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hongbao-bench http}: grabs through HTTP against Hongbao and the seed peer, one target at a time, and the
 * ratio between them. By default it starts everything itself (embedded Redis + MariaDB, the service jar and the
 * peer jar as child JVMs); {@code --url} targets a service that is already running instead.
 */
@Command(
        name = "http",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "HTTP grab benchmark: Hongbao vs a peer built the seed sources' way (ADR 0043).")
public final class HttpCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--url",
            description = "target this running service instead of starting one (run it with"
                    + " HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED=false: the set-up sends many packets from 4 senders)")
    String url;

    @Option(names = "--secret", description = "with --url: the service's HONGBAO_JWT_SECRET")
    String secret;

    @Option(
            names = "--data-dir",
            defaultValue = "${env:HONGBAO_DATA_DIR:-data}",
            description = "with --url and no --secret: the service's data folder holding jwt-secret (${DEFAULT-VALUE})")
    Path dataDir;

    @Option(names = "--skip-peer", description = "measure Hongbao only")
    boolean skipPeer;

    @Option(names = "--skip-hongbao", description = "measure the peer only")
    boolean skipHongbao;

    @Option(
            names = "--baseline",
            paramLabel = "NAME",
            description = "also measure a baseline of the service, started by the bench with its own Redis database and"
                    + " MariaDB database: annotated-controller (the grab served by an annotated controller instead of"
                    + " the functional route, ADR 0050; target " + HongbaoTarget.ANNOTATED_TARGET + ")")
    List<String> baselines = new ArrayList<>();

    @Option(
            names = "--also-db-shards",
            paramLabel = "N",
            defaultValue = "0",
            description = "also measure the service on N database shards (ADR 0083): N databases of its own on the same"
                    + " MariaDB and a Redis database of its own, runs alternating with hongbao's on one database"
                    + " (target hongbao-N-db-shards); 0 = not")
    int alsoDbShards;

    @Option(
            names = "--also-events",
            paramLabel = "local|BROKERS",
            description = "also measure the service publishing its money events (ADR 0096): local = to a Kafka broker"
                    + " the bench starts itself (KRaft, a JVM of its own in the work folder, stopped at the end; its"
                    + " CPU reported as kafka), or to the Kafka brokers at BROKERS (host:port,...; their CPU not"
                    + " reported). A database and a Redis database of its own, runs alternating with hongbao's without"
                    + " events (target " + HongbaoTarget.EVENTS_TARGET + ")")
    String alsoEvents;

    @Option(
            names = "--also-provider-tokens",
            paramLabel = "ALG",
            description = "also measure the service taking an OpenID Connect provider's tokens (ADR 0097) from"
                    + " an issuer the bench serves on loopback (discovery and key set, a key made at start): its"
                    + " grabbers carry tokens signed with ALG, RS256 or ES256, each user's signed once before the first"
                    + " run; a database and a Redis database of its own, runs alternating with hongbao's on HS256"
                    + " tokens (target hongbao-provider-rs256 or hongbao-provider-es256); realistic profile only")
    String alsoProviderTokens;

    @Option(
            names = "--also-jar",
            paramLabel = "JAR",
            description = "also measure another build of the service (an earlier commit's hongbao-exec.jar, to compare"
                    + " a change side by side): a MariaDB database and a Redis database of its own, runs alternating"
                    + " with hongbao's (target " + HongbaoTarget.OTHER_BUILD_TARGET + ")")
    Path alsoJar;

    @Option(names = "--connections", defaultValue = "64", description = "keep-alive connections (${DEFAULT-VALUE})")
    int connections;

    @Option(
            names = "--duration",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "measured window per run (${DEFAULT-VALUE})")
    Duration duration;

    @Option(
            names = "--warmup",
            defaultValue = "15s",
            converter = DurationConverter.class,
            description = "load before each measured window (${DEFAULT-VALUE})")
    Duration warmup;

    @Option(
            names = "--first-warmup",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "warm-up of each target's first run, a cold JVM still compiling (${DEFAULT-VALUE})")
    Duration firstWarmup;

    @Option(names = "--runs", defaultValue = "3", description = "runs per target, alternating (${DEFAULT-VALUE})")
    int runs;

    @Option(
            names = "--profile",
            defaultValue = RealisticShape.NAME,
            description = "the load's shape: realistic (many users, each with its own token, first grabs spread over"
                    + " thousands of packets of skewed popularity, most users holding an account) or hot (packets"
                    + " walked one at a time by users who repeat: the load of the figures before ADR 0078) or"
                    + " independent (the realistic load in the shape of an independent measurement: 400 equally"
                    + " popular packets of 1,000 shares, no account holders, 300,000 users by default; the realistic"
                    + " shape's options are not read) or campaign (one campaign per run, each tap a new person of"
                    + " --users, 1,000,000 by default, in order: a crowd at a round's start; ADR 0103)"
                    + " (${DEFAULT-VALUE})")
    String profile;

    @Option(
            names = "--users",
            description =
                    "distinct grabbers, each with its own token (realistic 1000000, hot 100000, independent 300000)")
    Integer users;

    @Option(names = "--packets", defaultValue = "0", description = "hot: packets per run; 0 = enough not to sell out")
    int packets;

    @Option(names = "--shares", description = "hot: shares per packet, 1..1000 (1000)")
    Integer shares;

    @Option(names = "--cents-per-share", defaultValue = "100", description = "average share (${DEFAULT-VALUE})")
    long centsPerShare;

    @Option(
            names = "--duplicates",
            description = "share of repeated taps of a packet already grabbed (realistic 0, hot 0.05)")
    Double duplicates;

    @Mixin
    RealisticOptions realistic = new RealisticOptions();

    @Option(
            names = "--draws",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "after each Hongbao run's grabs, a draw phase on the same service: draws on a lottery wheel"
                    + " at the same connections, warm-up and duration, reported beside the grabs (--no-draws: grabs"
                    + " only) (${DEFAULT-VALUE})")
    boolean draws;

    @Option(
            names = "--draw-idempotency-keys",
            description = "the draw phase's draws each carry an Idempotency-Key, a fresh UUID, as the web app's do"
                    + " (default: none), to compare keyed draws with unkeyed ones")
    boolean drawIdempotencyKeys;

    @Option(
            names = "--also-keyed-draws",
            description = "each run's draw phase twice on the same service, without and with an Idempotency-Key per"
                    + " draw (their order alternating run by run), reported side by side with the keyed ÷ unkeyed"
                    + " ratio of CPU per draw per process")
    boolean alsoKeyedDraws;

    @Option(
            names = "--draw-users",
            defaultValue = "20000",
            description = "distinct drawers, taken in turn, so each stays far under the per-user draw limit of"
                    + " 10/s (${DEFAULT-VALUE})")
    int drawUsers;

    @Option(names = "--rate", defaultValue = "0", description = "open model at this req/s; 0 = closed loop")
    double rate;

    @Option(
            names = "--expected-rate",
            description = "req/s assumed when sizing the first run's packets (realistic 10000, hot 15000)")
    Double expectedRate;

    @Option(
            names = "--timeout",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description = "response timeout, counted as an error (${DEFAULT-VALUE})")
    Duration timeout;

    @Option(
            names = "--settle-limit",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "before each measured run, wait until the machine is quiet (under 0.3 busy cores for 3 s),"
                    + " at most this long; 0s: do not wait (${DEFAULT-VALUE})")
    Duration settleLimit;

    @Option(names = "--client-threads", defaultValue = "2", description = "client event loops (${DEFAULT-VALUE})")
    int clientThreads;

    @Option(names = "--json", description = "write the report as JSON here, and an HTML chart beside it")
    Path json;

    @Option(names = "--work-dir", description = "logs and embedded data (default bench-results/http-<time>)")
    Path workDir;

    @Option(
            names = "--service-jar",
            defaultValue = "hongbao-service/target/hongbao-exec.jar",
            description = "(${DEFAULT-VALUE})")
    Path serviceJar;

    @Option(
            names = "--peer-jar",
            defaultValue = "hongbao-seed-peer/target/hongbao-seed-peer.jar",
            description = "(${DEFAULT-VALUE})")
    Path peerJar;

    @Option(
            names = "--annotated-controller-jar",
            defaultValue = "hongbao-bench/target/hongbao-bench-annotated-controller.jar",
            description =
                    "with --baseline annotated-controller: the controller, added to the service jar (${DEFAULT-VALUE})")
    Path annotatedControllerJar;

    @Option(
            names = "--jvm-args",
            defaultValue = "-Xms1g -Xmx1g",
            description = "JVM options for every target JVM (${DEFAULT-VALUE})")
    String jvmArgs;

    @Option(
            names = "--service-env",
            description = "extra environment for the service and its baselines, e.g. --service-env"
                    + " HONGBAO_REDPACKET_COALESCING_MAX_BATCH=16")
    Map<String, String> serviceEnv = new LinkedHashMap<>();

    @Option(names = "--redis-url", description = "use this Redis instead of an embedded one")
    String redisUrl;

    @Option(names = "--db-url", description = "use this database (JDBC URL) instead of an embedded MariaDB")
    String dbUrl;

    @Option(names = "--db-user", defaultValue = "root")
    String dbUser;

    @Option(names = "--db-password", defaultValue = "")
    String dbPassword;

    @Override
    public Integer call() throws Exception {
        validate();
        return new HttpBench(this).run();
    }

    void validate() {
        require(connections >= 1, "--connections must be at least 1");
        require(runs >= 1, "--runs must be at least 1");
        require(
                HotProfile.NAME.equals(profile)
                        || RealisticShape.NAME.equals(profile)
                        || RealisticShape.INDEPENDENT.equals(profile)
                        || CampaignProfile.NAME.equals(profile),
                "--profile is realistic, hot, independent or campaign");
        require(duplicates() >= 0 && duplicates() < 1, "--duplicates must be in [0, 1)");
        require(packets >= 0 && rate >= 0 && expectedRate() > 0, "--packets, --rate and --expected-rate must be >= 0");
        if (HotProfile.NAME.equals(profile)) {
            require(shares() >= 1 && shares() <= 1000, "--shares must be 1..1000 (the contract's max count)");
            require(users() >= shares(), "--users must be at least --shares, so a packet's grabbers are distinct");
            require(
                    centsPerShare >= 1 && centsPerShare * shares() <= 2_000_000,
                    "--cents-per-share × --shares: 1..2,000,000");
        } else {
            require(
                    packets == 0 && shares == null,
                    "--packets and --shares shape the hot profile; the realistic one has --active-packets,"
                            + " --group-packets, --group-shares and --small-shares");
            try {
                realisticShape();
            } catch (IllegalArgumentException e) {
                require(false, e.getMessage());
            }
        }
        require(!duration.isNegative() && !duration.isZero(), "--duration must be positive");
        require(!warmup.isNegative() && !firstWarmup.isNegative(), "warm-ups must not be negative");
        require(clientThreads >= 1, "--client-threads must be at least 1");
        require(!settleLimit.isNegative(), "--settle-limit must not be negative");
        require(
                !draws || drawUsers >= connections,
                "--draw-users must be at least --connections, so that no drawer has two draws in flight");
        require(
                !alsoKeyedDraws || (draws && !drawIdempotencyKeys),
                "--also-keyed-draws runs the draw phase with and without keys itself (not with --no-draws or"
                        + " --draw-idempotency-keys)");
        require(
                !(skipPeer && skipHongbao && baselines.isEmpty()),
                "--skip-peer and --skip-hongbao leave nothing to measure");
        for (String baseline : baselines) {
            require(
                    BenchEnvironment.ANNOTATED_CONTROLLER.equals(baseline),
                    "--baseline " + baseline + ": the baseline is " + BenchEnvironment.ANNOTATED_CONTROLLER);
        }
        require(baselines.isEmpty() || url == null, "--baseline needs the bench to start the service (no --url)");
        require(
                alsoEvents == null || (url == null && !skipHongbao),
                "--also-events compares with hongbao without events, started by the bench (no --url, no"
                        + " --skip-hongbao)");
        require(
                alsoProviderTokens == null
                        || IssuerKey.ALGORITHMS.contains(alsoProviderTokens.toUpperCase(Locale.ROOT)),
                "--also-provider-tokens is " + String.join(" or ", IssuerKey.ALGORITHMS));
        require(
                alsoProviderTokens == null || (url == null && !skipHongbao && RealisticShape.NAME.equals(profile)),
                "--also-provider-tokens compares with hongbao on HS256 tokens, started by the bench (no --url, no"
                        + " --skip-hongbao), on the realistic profile (the hot one issues its HS256 tokens up front)");
        require(
                alsoJar == null || (url == null && !skipHongbao && Files.isRegularFile(alsoJar)),
                "--also-jar compares with hongbao, started by the bench (no --url, no --skip-hongbao), and names a jar"
                        + " file");
        require(alsoDbShards == 0 || alsoDbShards >= 2, "--also-db-shards must be at least 2 (or 0: not)");
        require(
                alsoDbShards == 0 || (url == null && !skipHongbao),
                "--also-db-shards compares with hongbao on one database, started by the bench (no --url, no"
                        + " --skip-hongbao)");
    }

    LoadSettings loadSettings(int run) {
        return new LoadSettings(connections, run == 1 ? firstWarmup : warmup, duration, rate, timeout, clientThreads);
    }

    int users() {
        if (users != null) {
            return users;
        }
        return HotProfile.NAME.equals(profile)
                ? 100_000
                : RealisticShape.INDEPENDENT.equals(profile) ? 300_000 : 1_000_000;
    }

    int shares() {
        return shares != null ? shares : 1000;
    }

    double duplicates() {
        return duplicates != null ? duplicates : HotProfile.NAME.equals(profile) ? 0.05 : 0;
    }

    double expectedRate() {
        return expectedRate != null ? expectedRate : HotProfile.NAME.equals(profile) ? 15_000 : 10_000;
    }

    RealisticShape realisticShape() {
        if (RealisticShape.INDEPENDENT.equals(profile)) {
            return RealisticShape.independent(users(), duplicates(), centsPerShare);
        }
        return realistic.shape(users(), duplicates(), centsPerShare);
    }

    /** The chosen profile; the hot one issues its tokens when first prepared, the realistic one signs them on demand. */
    LoadProfile profile(TokenIssuer issuer, JwtSecret secret) {
        if (HotProfile.NAME.equals(profile)) {
            return new HotProfile(issuer, users(), packets, shares(), centsPerShare, duplicates(), duration);
        }
        if (CampaignProfile.NAME.equals(profile)) {
            return new CampaignProfile(secret, users(), centsPerShare, duration);
        }
        return new RealisticProfile(realisticShape(), secret, duration);
    }

    /** @param chosen the profile the runs used, or null when none was made */
    Map<String, Object> settingsForReport(LoadProfile chosen) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("profile", profile);
        if (chosen != null) {
            settings.put("profileParameters", chosen.parameters());
        }
        settings.put("url", url);
        settings.put("connections", connections);
        settings.put("duration", duration.toString());
        settings.put("warmup", warmup.toString());
        settings.put("firstWarmup", firstWarmup.toString());
        settings.put("runs", runs);
        settings.put("model", rate > 0 ? "open at " + rate + " req/s" : "closed loop");
        settings.put("timeout", timeout.toString());
        settings.put("clientThreads", clientThreads);
        settings.put("settleLimit", settleLimit.toString());
        settings.put("draws", draws);
        if (draws) {
            settings.put("drawUsers", drawUsers);
            settings.put("drawIdempotencyKeys", drawIdempotencyKeys);
            settings.put("alsoKeyedDraws", alsoKeyedDraws);
        }
        settings.put("jvmArgs", jvmArgs);
        settings.put("serviceEnv", serviceEnv);
        settings.put("baselines", baselines);
        settings.put("alsoDbShards", alsoDbShards);
        settings.put("alsoJar", alsoJar == null ? "" : alsoJar.toAbsolutePath().toString());
        settings.put("alsoEvents", alsoEvents == null ? "" : alsoEvents);
        settings.put("alsoProviderTokens", alsoProviderTokens == null ? "" : alsoProviderTokens);
        settings.put("cores", Runtime.getRuntime().availableProcessors());
        return settings;
    }

    private void require(boolean condition, String message) {
        if (!condition) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }
}
