package io.hongbao.bench.http;

import io.hongbao.bench.BenchServers;
import io.hongbao.bench.http.issuer.IssuerKey;
import io.hongbao.bench.http.issuer.LoopbackIssuer;
import io.hongbao.bench.http.load.LoadProfile;
import io.hongbao.bench.http.load.ProviderSignedTokens;
import io.hongbao.bench.http.targets.ChildJvm;
import io.hongbao.bench.http.targets.HongbaoTarget;
import io.hongbao.bench.http.targets.JdbcAccountHolders;
import io.hongbao.bench.http.targets.JdbcGrabRows;
import io.hongbao.bench.http.targets.JdbcOutboxRows;
import io.hongbao.bench.http.targets.PeerTarget;
import io.hongbao.bench.http.targets.Target;
import io.hongbao.embedded.EmbeddedServers;
import io.hongbao.embedded.KafkaBroker;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the bench starts and owns for one invocation: the embedded Redis and MariaDB (unless pointed elsewhere), the
 * service and the peer as child JVMs, a Kafka broker with {@code --also-events local}, and the secret they share.
 * Closing it stops them in reverse order.
 */
public final class BenchEnvironment implements AutoCloseable {

    /** {@code --baseline annotated-controller}: the service with an annotated grab controller instead of the route. */
    static final String ANNOTATED_CONTROLLER = "annotated-controller";

    private static final String ANNOTATED_MAIN = "io.hongbao.bench.annotated.AnnotatedControllerService";
    private static final String PROPERTIES_LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    /** What the provider target's tokens carry as {@code aud}, and the service requires. */
    static final String PROVIDER_AUDIENCE = "hongbao";

    /** As long as the HS256 tokens the load signs: longer than any run set. */
    private static final Duration PROVIDER_TOKEN_LIFE = Duration.ofHours(12);

    private static final Pattern JDBC_URL = Pattern.compile("(jdbc:[a-z]+://[^/]+/)([^?;/]+)(\\?.*)?");

    private final List<AutoCloseable> owned = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();
    private TokenIssuer tokens;
    private JwtSecret secret;
    private OptionalLong redisPid = OptionalLong.empty();
    private OptionalLong mariadbPid = OptionalLong.empty();
    private OptionalLong brokerPid = OptionalLong.empty();

    static BenchEnvironment start(HttpCommand options, Path work) throws Exception {
        BenchEnvironment environment = new BenchEnvironment();
        try {
            environment.startAll(options, work);
            return environment;
        } catch (Exception | Error e) {
            environment.close();
            throw e;
        }
    }

    private void startAll(HttpCommand options, Path work) throws Exception {
        boolean ownService = options.url == null && (!options.skipHongbao || !options.baselines.isEmpty());
        boolean needRedis = ownService || !options.skipPeer;
        String secret = options.url == null ? randomSecret() : null;
        JwtSecret jwt = secret != null
                ? new JwtSecret(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                : JwtSecret.configuredOrKeptIn(options.secret, options.dataDir);
        this.secret = jwt;
        tokens = new TokenIssuer(jwt);
        String sharedSecret = new String(jwt.bytes(), java.nio.charset.StandardCharsets.UTF_8);
        EmbeddedServers servers = null;
        if (needRedis) {
            // The bench needs no database when it only starts the peer: a placeholder URL keeps MariaDB unstarted.
            String db = ownService ? options.dbUrl : "jdbc:unused";
            servers = BenchServers.startWhatIsNotGiven(work.resolve("servers"), options.redisUrl, db);
            owned.add(servers);
        }
        String redis = options.redisUrl != null ? options.redisUrl : servers == null ? null : servers.redisUrl();
        List<String> jvmArgs = Arrays.asList(options.jvmArgs.trim().split("\\s+"));
        if (!options.skipHongbao) {
            targets.add(hongbao(options, work, servers, redis, sharedSecret, jvmArgs, ownService));
        }
        if (options.baselines.contains(ANNOTATED_CONTROLLER)) {
            targets.add(annotatedController(options, work, servers, redis, sharedSecret, jvmArgs));
        }
        if (options.alsoJar != null) {
            targets.add(otherBuild(options, work, servers, redis, sharedSecret, jvmArgs));
        }
        if (options.alsoDbShards > 0) {
            targets.add(onDatabaseShards(options, work, servers, redis, sharedSecret, jvmArgs));
        }
        if (options.alsoEvents != null) {
            String brokers = brokers(options.alsoEvents, work);
            targets.add(withEvents(options, work, servers, redis, sharedSecret, jvmArgs, brokers));
        }
        if (options.alsoProviderTokens != null) {
            targets.add(withProviderTokens(options, work, servers, redis, sharedSecret, jvmArgs));
        }
        if (!options.skipPeer) {
            ChildJvm peer = ChildJvm.start(
                    "peer",
                    options.peerJar,
                    jvmArgs,
                    Map.of("HONGBAO_REDIS_URL", peerRedisUrl(redis), "HONGBAO_JWT_SECRET", sharedSecret),
                    "/peer/health",
                    work.resolve("peer.log"));
            owned.add(peer);
            targets.add(new PeerTarget(peer.baseUrl(), OptionalLong.of(peer.pid())));
        }
        redisPid = findProcess("redis-server");
        mariadbPid = findProcess("mariadbd", "mysqld");
    }

    private Target hongbao(
            HttpCommand options,
            Path work,
            EmbeddedServers servers,
            String redis,
            String secret,
            List<String> jvmArgs,
            boolean ownService)
            throws Exception {
        if (!ownService) {
            return new HongbaoTarget("hongbao", options.url, OptionalLong.empty(), tokens, null);
        }
        return service(
                "hongbao",
                List.of(options.serviceJar),
                jarLaunch(options.serviceJar),
                options,
                work,
                servers,
                redis,
                List.of(jdbcUrl(options, servers)),
                secret,
                jvmArgs);
    }

    /**
     * Another build of the service ({@code --also-jar}: an earlier commit's, to compare a change side by side), on a
     * MariaDB database and a Redis database of its own, so that each target's CPU in MariaDB and Redis is its own work.
     */
    private Target otherBuild(
            HttpCommand options, Path work, EmbeddedServers servers, String redis, String secret, List<String> jvmArgs)
            throws Exception {
        return service(
                HongbaoTarget.OTHER_BUILD_TARGET,
                List.of(options.alsoJar),
                jarLaunch(options.alsoJar),
                options,
                work,
                servers,
                redisInDatabase(redis, 6),
                List.of(siblingDatabase(jdbcUrl(options, servers), "_other_build")),
                secret,
                jvmArgs);
    }

    /** The database the bench's targets name theirs after: {@code --db-url}, or the embedded MariaDB's. */
    private static String jdbcUrl(HttpCommand options, EmbeddedServers servers) {
        return options.dbUrl != null ? options.dbUrl : servers.jdbcUrl();
    }

    private static List<String> jarLaunch(Path jar) {
        return List.of("-jar", jar.toAbsolutePath().toString());
    }

    /**
     * The same service jar on {@code --also-db-shards} database shards (ADR 0083): that many databases of its own on
     * the same MariaDB, and a Redis database of its own, so that the two targets' CPU in MariaDB is each one's own
     * work and their ratio is the cost of sharding per grab.
     */
    private Target onDatabaseShards(
            HttpCommand options, Path work, EmbeddedServers servers, String redis, String secret, List<String> jvmArgs)
            throws Exception {
        String jdbc = jdbcUrl(options, servers);
        List<String> shards = new ArrayList<>();
        for (int shard = 0; shard < options.alsoDbShards; shard++) {
            shards.add(siblingDatabase(jdbc, "_shard_" + shard + "_of_" + options.alsoDbShards));
        }
        return service(
                HongbaoTarget.shardedTargetName(options.alsoDbShards),
                List.of(options.serviceJar),
                jarLaunch(options.serviceJar),
                options,
                work,
                servers,
                redisInDatabase(redis, 3),
                shards,
                secret,
                jvmArgs);
    }

    /** {@code --also-events}' brokers: those given, or a broker of the bench's own ({@link LocalBroker}). */
    private String brokers(String alsoEvents, Path work) throws Exception {
        if (!LocalBroker.NAME.equals(alsoEvents)) {
            return alsoEvents;
        }
        KafkaBroker broker = LocalBroker.start(work.resolve("kafka"));
        owned.add(broker);
        brokerPid = OptionalLong.of(broker.pid());
        return broker.bootstrapServers();
    }

    /**
     * The same service jar publishing its money events to {@code --also-events}' brokers (ADR 0096), on a MariaDB
     * database and a Redis database of its own, so that each target's CPU in MariaDB is its own work and the difference
     * is the outbox's cost per grab.
     */
    private Target withEvents(
            HttpCommand options,
            Path work,
            EmbeddedServers servers,
            String redis,
            String secret,
            List<String> jvmArgs,
            String brokers)
            throws Exception {
        return service(
                HongbaoTarget.EVENTS_TARGET,
                List.of(options.serviceJar),
                jarLaunch(options.serviceJar),
                options,
                work,
                servers,
                redisInDatabase(redis, 4),
                List.of(siblingDatabase(jdbcUrl(options, servers), "_events")),
                secret,
                jvmArgs,
                Map.of("HONGBAO_KAFKA_BOOTSTRAP", brokers));
    }

    /**
     * The same service jar taking an OpenID Connect provider's tokens beside its own HS256 ones (ADR 0097), from an
     * issuer the bench serves on loopback with a key made now, on a MariaDB database and a Redis database of its own.
     * Its grabbers carry the issuer's RS256 or ES256 tokens where hongbao's carry HS256 ones; the set-up keeps HS256.
     * The difference in service CPU per grab is what a provider's tokens cost behind the verified-token cache.
     */
    private Target withProviderTokens(
            HttpCommand options, Path work, EmbeddedServers servers, String redis, String secret, List<String> jvmArgs)
            throws Exception {
        IssuerKey key = IssuerKey.generate(options.alsoProviderTokens);
        LoopbackIssuer issuer = LoopbackIssuer.start(key);
        owned.add(issuer);
        String algorithm = key.algorithm().getName();
        HongbaoTarget target = service(
                HongbaoTarget.providerTokensTargetName(algorithm),
                List.of(options.serviceJar),
                jarLaunch(options.serviceJar),
                options,
                work,
                servers,
                redisInDatabase(redis, 5),
                List.of(siblingDatabase(jdbcUrl(options, servers), "_provider_" + algorithm.toLowerCase(Locale.ROOT))),
                secret,
                jvmArgs,
                Map.of("HONGBAO_OIDC_ISSUER", issuer.issuer(), "HONGBAO_OIDC_AUDIENCE", PROVIDER_AUDIENCE));
        ProviderSignedTokens tokens = new ProviderSignedTokens(
                key, issuer.issuer(), PROVIDER_AUDIENCE, Instant.now().plus(PROVIDER_TOKEN_LIFE));
        target.awaitAccepting(tokens.signedNow(LoadProfile.FIRST_GRABBER), Duration.ofMinutes(1));
        return target.withGrabberTokens(tokens);
    }

    /**
     * The production application from the service's own jar (its dependencies and transport as shipped), with the
     * bench's annotated-controller jar added through Spring Boot's {@code PropertiesLauncher}. It keeps its state in
     * a Redis database and a MariaDB database of its own, so the other target's persister never drains its grabs
     * (nor it the other's), and each target's CPU is its own work.
     */
    private Target annotatedController(
            HttpCommand options, Path work, EmbeddedServers servers, String redis, String secret, List<String> jvmArgs)
            throws Exception {
        String jdbc = siblingDatabase(jdbcUrl(options, servers), "_annotated");
        List<String> launch = List.of(
                "-Dloader.path=" + options.annotatedControllerJar.toAbsolutePath(),
                "-Dloader.main=" + ANNOTATED_MAIN,
                "-cp",
                options.serviceJar.toAbsolutePath().toString(),
                PROPERTIES_LAUNCHER);
        return service(
                HongbaoTarget.ANNOTATED_TARGET,
                List.of(options.serviceJar, options.annotatedControllerJar),
                launch,
                options,
                work,
                servers,
                redisInDatabase(redis, 2),
                List.of(jdbc),
                secret,
                jvmArgs);
    }

    private HongbaoTarget service(
            String name,
            List<Path> files,
            List<String> launch,
            HttpCommand options,
            Path work,
            EmbeddedServers servers,
            String redis,
            List<String> databases,
            String secret,
            List<String> jvmArgs)
            throws Exception {
        return service(name, files, launch, options, work, servers, redis, databases, secret, jvmArgs, Map.of());
    }

    private HongbaoTarget service(
            String name,
            List<Path> files,
            List<String> launch,
            HttpCommand options,
            Path work,
            EmbeddedServers servers,
            String redis,
            List<String> databases,
            String secret,
            List<String> jvmArgs,
            Map<String, String> extraEnv)
            throws Exception {
        String user = options.dbUrl != null ? options.dbUser : servers.dbUser();
        String password = options.dbUrl != null ? options.dbPassword : servers.dbPassword();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HONGBAO_REDIS_URL", redis);
        if (databases.size() == 1) {
            env.put("HONGBAO_DB_URL", databases.get(0));
        } else {
            env.put("HONGBAO_DB_SHARDS", String.join(",", databases));
        }
        env.put("HONGBAO_DB_USER", user);
        env.put("HONGBAO_DB_PASSWORD", password);
        env.put("HONGBAO_JWT_SECRET", secret);
        env.put("HONGBAO_DATA_DIR", work.resolve(name).toAbsolutePath().toString());
        // The set-up sends hundreds of packets from a few senders, far over the per-user send limit. The grab limit
        // stays on: it is part of the grab path measured, and the grabbers are many (--users).
        env.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
        env.putAll(extraEnv);
        env.putAll(options.serviceEnv);
        ChildJvm service =
                ChildJvm.start(name, files, jvmArgs, launch, env, "/actuator/health", work.resolve(name + ".log"));
        owned.add(service);
        boolean publishes = env.containsKey("HONGBAO_KAFKA_BOOTSTRAP");
        return new HongbaoTarget(
                name,
                service.baseUrl(),
                OptionalLong.of(service.pid()),
                tokens,
                new JdbcGrabRows(databases, user, password),
                new JdbcAccountHolders(databases, user, password),
                publishes ? new JdbcOutboxRows(databases, user, password) : null);
    }

    List<Target> targets() {
        return targets;
    }

    TokenIssuer tokens() {
        return tokens;
    }

    /** The secret the targets verify tokens with. */
    JwtSecret secret() {
        return secret;
    }

    /** The processes whose CPU the report shows while {@code target} is loaded. */
    Map<String, Long> processesFor(Target target) {
        Map<String, Long> processes = new LinkedHashMap<>();
        target.pid().ifPresent(pid -> processes.put("target", pid));
        redisPid.ifPresent(pid -> processes.put("redis", pid));
        mariadbPid.ifPresent(pid -> processes.put("mariadb", pid));
        // Every target's, the idle broker's too: so "other" CPU is foreign load only, whichever target runs.
        brokerPid.ifPresent(pid -> processes.put("kafka", pid));
        processes.put("bench", ProcessHandle.current().pid());
        return processes;
    }

    /** The peer keeps its keys in the next logical Redis database, apart from the service's. */
    static String peerRedisUrl(String redisUrl) {
        return redisInDatabase(redisUrl, 1);
    }

    /** The logical Redis database {@code offset} places after the URL's own (0 when it names none). */
    public static String redisInDatabase(String redisUrl, int offset) {
        URI uri = URI.create(redisUrl);
        String path = uri.getPath() == null ? "" : uri.getPath().replace("/", "");
        int database = (path.isEmpty() ? 0 : Integer.parseInt(path)) + offset;
        return uri.getScheme() + "://" + uri.getRawAuthority() + "/" + database;
    }

    /**
     * The same server, a database named with {@code suffix} after the URL's own, created by the first connection:
     * {@code jdbc:mariadb://h:3306/hongbao?x=1} becomes {@code jdbc:mariadb://h:3306/hongbao_annotated?x=1&
     * createDatabaseIfNotExist=true}.
     */
    public static String siblingDatabase(String jdbcUrl, String suffix) {
        Matcher url = JDBC_URL.matcher(jdbcUrl);
        if (!url.matches()) {
            throw new IllegalArgumentException("not a JDBC URL naming a database: " + jdbcUrl);
        }
        String options = url.group(3) == null ? "" : url.group(3);
        if (!options.contains("createDatabaseIfNotExist")) {
            options += (options.isEmpty() ? "?" : "&") + "createDatabaseIfNotExist=true";
        }
        return url.group(1) + url.group(2) + suffix + options;
    }

    /**
     * Among the bench's own descendants (its embedded servers) only: with external servers any process of that name
     * could be someone else's, so the report shows "?" rather than a guess.
     */
    private static OptionalLong findProcess(String... names) {
        return ProcessHandle.current()
                .descendants()
                .filter(p -> p.info()
                        .command()
                        .map(command -> Stream.of(names)
                                .anyMatch(name -> Path.of(command)
                                        .getFileName()
                                        .toString()
                                        .startsWith(name)))
                        .orElse(false))
                .mapToLong(ProcessHandle::pid)
                .findFirst();
    }

    private static String randomSecret() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    @Override
    public void close() throws Exception {
        for (int i = owned.size() - 1; i >= 0; i--) {
            owned.get(i).close();
        }
    }
}
