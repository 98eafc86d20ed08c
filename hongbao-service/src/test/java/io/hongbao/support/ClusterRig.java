package io.hongbao.support;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.support.LocalRedisCluster.Node;
import io.lettuce.core.KeyScanArgs;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.models.stream.PendingMessages;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The stage of a scale-out test, the deployed topology in small: a {@link LocalRedisCluster}, two database shards on
 * two MariaDB servers of their own ({@link PrivateServers}; their standalone Redis stays unused, and each can be
 * frozen or killed alone), any number of service instances ({@link ServiceProcess}) sharing them, and a real HAProxy
 * in front of the instances ({@link Balancer}): one JWT secret, one cluster, one set of shards. Everything under
 * {@code target/it-data/<name>} (kept for a look after a failure). The same in both test modes (so it runs once in
 * CI); :6379 and :3306 are never touched.
 */
public final class ClusterRig implements AutoCloseable {

    public static final long ADMIN = 1;
    public static final long SENDER = 1_000_000_007L;
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z]+)\"");

    /** Database shards: users and their packets are placed by user id modulo this. */
    public static final int DATABASES = 2;

    private final LocalRedisCluster cluster;
    private final List<PrivateServers> databases;
    private final List<String> shardUrls;
    private final List<ServiceProcess> instances;
    private final Path folder;
    private final Map<String, String> instanceEnv;
    private final Balancer balancer;
    private final JwtSecret secret;
    private final TokenIssuer tokens;
    private final Duration startedIn;

    private ClusterRig(
            LocalRedisCluster cluster,
            List<PrivateServers> databases,
            List<String> shardUrls,
            List<ServiceProcess> instances,
            Path folder,
            Map<String, String> instanceEnv,
            Balancer balancer,
            JwtSecret secret,
            Duration startedIn) {
        this.startedIn = startedIn;
        this.cluster = cluster;
        this.databases = databases;
        this.shardUrls = shardUrls;
        // An instance may be started again (restart) while a test's threads read the list.
        this.instances = new CopyOnWriteArrayList<>(instances);
        this.folder = folder;
        this.instanceEnv = Map.copyOf(instanceEnv);
        this.balancer = balancer;
        this.secret = secret;
        this.tokens = new TokenIssuer(secret);
    }

    /**
     * Starts 3 primaries with a replica each, the two database servers, {@code instances} service instances on them
     * (the first alone: it migrates the databases; the others together) and the balancer.
     *
     * @param env settings for every instance on top of the rig's (fast reclaim of a dead consumer's entries, no per-user
     *     send limit for the set-up)
     */
    public static ClusterRig start(String name, int instances, Map<String, String> env) throws IOException {
        LocalRedisCluster.assumeInstalled();
        Balancer.assumeInstalled();
        long begin = System.nanoTime();
        Path folder = TestStorage.runDataDir().resolve(name).toAbsolutePath();
        SideBySide servers = new SideBySide();
        Supplier<LocalRedisCluster> clusterStarted =
                servers.begin(() -> LocalRedisCluster.start(folder.resolve("cluster"), 3, 1));
        List<Supplier<PrivateServers>> databasesStarted = new ArrayList<>();
        for (int shard = 0; shard < DATABASES; shard++) {
            Path databaseFolder = folder.resolve("database-" + shard);
            databasesStarted.add(servers.begin(() -> PrivateServers.start(databaseFolder)));
        }
        servers.awaitAll();
        LocalRedisCluster cluster = clusterStarted.get();
        List<PrivateServers> databases =
                databasesStarted.stream().map(Supplier::get).toList();
        List<ServiceProcess> started = new ArrayList<>();
        Balancer balancer = null;
        try {
            List<String> shardUrls = new ArrayList<>();
            for (int shard = 0; shard < DATABASES; shard++) {
                String url = databases.get(shard).jdbcUrl();
                String server = url.substring(0, url.indexOf('/', "jdbc:mariadb://".length()));
                shardUrls.add(server + "/hongbao_shard_" + shard + "?createDatabaseIfNotExist=true");
            }
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String secret = HexFormat.of().formatHex(random);
            Map<String, String> all = new HashMap<>(databases.get(0).serviceEnv());
            all.remove("HONGBAO_REDIS_URL");
            all.remove("HONGBAO_DB_URL");
            all.put("HONGBAO_DB_SHARDS", String.join(",", shardUrls));
            all.put("HONGBAO_REDIS_CLUSTER", cluster.seeds());
            all.put("HONGBAO_JWT_SECRET", secret);
            all.put("HONGBAO_REDPACKET_PERSISTER_CLAIMIDLE", "2s");
            all.put("HONGBAO_REDPACKET_PERSISTER_RECLAIMEVERY", "1s");
            all.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
            all.putAll(env);
            started.add(ServiceProcess.start(instanceFolder(folder, 0), all));
            List<CompletableFuture<ServiceProcess>> others = new ArrayList<>();
            for (int i = 1; i < instances; i++) {
                Path dataDir = instanceFolder(folder, i);
                others.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return ServiceProcess.start(dataDir, all);
                    } catch (IOException e) {
                        throw new CompletionException(e);
                    }
                }));
            }
            RuntimeException failed = null;
            for (CompletableFuture<ServiceProcess> other : others) {
                try {
                    started.add(other.join());
                } catch (CompletionException e) {
                    failed = failed == null ? new IllegalStateException("an instance did not start", e) : failed;
                }
            }
            if (failed != null) {
                throw failed;
            }
            for (ServiceProcess instance : started) {
                if (ProcessHandle.of(instance.pid()).stream()
                        .flatMap(ProcessHandle::descendants)
                        .anyMatch(p -> p.info().command().orElse("").contains("redis-server"))) {
                    throw new IllegalStateException("instance " + instance.baseUrl() + " started a Redis of its own:"
                            + " it does not understand HONGBAO_REDIS_CLUSTER");
                }
            }
            balancer = Balancer.start(
                    folder.resolve("balancer"),
                    started.stream()
                            .map(instance -> URI.create(instance.baseUrl()).getPort())
                            .toList());
            return new ClusterRig(
                    cluster,
                    databases,
                    shardUrls,
                    started,
                    folder,
                    all,
                    balancer,
                    new JwtSecret(secret.getBytes(StandardCharsets.UTF_8)),
                    Duration.ofNanos(System.nanoTime() - begin));
        } catch (IOException | RuntimeException e) {
            closeAll(balancer, started, databases, cluster);
            throw e;
        }
    }

    private static Path instanceFolder(Path folder, int index) {
        return folder.resolve("service-" + index);
    }

    /** From the first node launched to every instance UP. */
    public Duration startedIn() {
        return startedIn;
    }

    public LocalRedisCluster cluster() {
        return cluster;
    }

    /** The MariaDB server of database shard {@code shard}: to freeze or kill it alone. */
    public PrivateServers databaseServer(int shard) {
        return databases.get(shard);
    }

    /** The database shard of {@code user} and of the packets they send (placed by user id modulo the shards). */
    public DataSource databaseOf(long user) {
        return database(Math.floorMod(user, DATABASES));
    }

    /** Database shard {@code shard}, for the test's own reads. */
    public DataSource database(int shard) {
        return PrivateServers.dataSource(shardUrls.get(shard));
    }

    private List<DataSource> allDatabases() {
        List<DataSource> all = new ArrayList<>();
        for (int shard = 0; shard < DATABASES; shard++) {
            all.add(database(shard));
        }
        return all;
    }

    public Balancer balancer() {
        return balancer;
    }

    public ServiceProcess instance(int index) {
        return instances.get(index);
    }

    public List<ServiceProcess> instances() {
        return List.copyOf(instances);
    }

    /**
     * Starts instance {@code index} again after it died: on its folder, its settings and its port, so the balancer
     * puts it back once its checks pass; returns once it is UP (the balancer may not have seen it yet).
     */
    public ServiceProcess restart(int index) throws IOException {
        ServiceProcess dead = instances.get(index);
        if (ProcessHandle.of(dead.pid()).map(ProcessHandle::isAlive).orElse(false)) {
            throw new IllegalStateException("instance " + index + " still runs (pid " + dead.pid() + ")");
        }
        ServiceProcess again = ServiceProcess.start(instanceFolder(folder, index), instanceEnv, dead.port());
        instances.set(index, again);
        return again;
    }

    public String token(long user) {
        return tokens.issue(user, false, Duration.ofHours(1));
    }

    public String adminToken() {
        return tokens.issue(ADMIN, true, Duration.ofHours(1));
    }

    /** Plain calls to one instance, each checked against the service's OpenAPI document. */
    public ProcessApi api(int instance) {
        return new ProcessApi(instances.get(instance), secret);
    }

    /** The judge of a storm, reading every database shard and asking {@code instance} for the audit and its health. */
    public StormJudge judge(int instance) {
        return new StormJudge(allDatabases(), instances.get(instance).baseUrl(), adminToken());
    }

    /** The judge of a campaign's crowd, with {@link #judge(int)} for its pools. */
    public CampaignJudge campaignJudge(int instance) {
        return new CampaignJudge(allDatabases(), judge(instance));
    }

    /** A storm on one instance: {@code threads} clients as users {@code firstUser ..} over {@code packets}. */
    public RunningStorm storm(int instance, List<String> packets, long firstUser, int users, int threads, long seed) {
        return RunningStorm.start(
                instances.get(instance).baseUrl(), this::token, packets, firstUser, users, threads, seed);
    }

    /** A storm through the balancer, as clients of the deployed topology send it. */
    public RunningStorm stormThroughBalancer(List<String> packets, long firstUser, int users, int threads, long seed) {
        return RunningStorm.start(balancer.baseUrl(), this::token, packets, firstUser, users, threads, seed);
    }

    /**
     * Deposits what they need, then sends {@code count} packets of {@code shares} shares of {@code centsEach} that
     * expire after {@code expiresInSeconds}, through instance 0.
     */
    public List<String> sendPackets(int count, int shares, long centsEach, int expiresInSeconds) throws Exception {
        return sendPackets(SENDER, count, shares, centsEach, expiresInSeconds);
    }

    /** As {@link #sendPackets(int, int, long, int)}, by {@code sender}: on the sender's database shard. */
    public List<String> sendPackets(long sender, int count, int shares, long centsEach, int expiresInSeconds)
            throws Exception {
        ProcessApi api = api(0);
        long total = shares * centsEach;
        check(
                api.post(
                        ADMIN,
                        true,
                        "/api/v1/admin/accounts/" + sender + "/deposits",
                        "{\"amount\": " + total * count + "}"),
                200);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpResponse<String> sent = api.post(
                    sender,
                    false,
                    "/api/v1/packets",
                    "{\"totalAmount\": " + total + ", \"count\": " + shares + ", \"expiresInSeconds\": "
                            + expiresInSeconds + "}");
            check(sent, 201);
            Matcher id = ID.matcher(sent.body());
            if (!id.find()) {
                throw new IllegalStateException("no id in " + sent.body());
            }
            ids.add(id.group(1));
        }
        return ids;
    }

    /**
     * Deposits {@code total} for {@code sponsor}, then opens a campaign of {@code shares} random shares of {@code
     * minShare..maxShare} cents over the default pools (on the sponsor's database's virtual shards, so on every
     * primary), through instance 0; returns its id.
     */
    public String openCampaign(long sponsor, long total, int shares, long minShare, long maxShare, int lastsSeconds)
            throws Exception {
        ProcessApi api = api(0);
        check(
                api.post(ADMIN, true, "/api/v1/admin/accounts/" + sponsor + "/deposits", "{\"amount\": " + total + "}"),
                200);
        HttpResponse<String> opened = api.post(
                ADMIN,
                true,
                "/api/v1/admin/campaigns",
                "{\"sponsor\": " + sponsor + ", \"greeting\": \"rain\", \"total\": " + total + ", \"shares\": "
                        + shares + ", \"type\": \"RANDOM\", \"minShare\": " + minShare + ", \"maxShare\": "
                        + maxShare + ", \"lastsSeconds\": " + lastsSeconds + "}");
        check(opened, 201);
        Matcher id = ID.matcher(opened.body());
        if (!id.find()) {
            throw new IllegalStateException("no id in " + opened.body());
        }
        return id.group(1);
    }

    /**
     * A crowd of {@code people} distinct people from {@code firstPerson} grabbing {@code campaign}: first taps through
     * {@code firstTapsThrough} (instances' or the balancer's base URLs) in turn, retries through the balancer.
     */
    public CampaignCrowd crowd(
            String campaign, List<String> firstTapsThrough, long firstPerson, int people, int threads, long seed) {
        return CampaignCrowd.start(
                firstTapsThrough, balancer.baseUrl(), this::token, campaign, firstPerson, people, threads, seed);
    }

    /**
     * Which primary holds each packet now, found by its Redis key ({@code ...p:<id>}) on the primaries, whatever hash
     * tag the packet's shard has. Fails for a packet no primary holds: then the service did not write to the cluster.
     */
    public Map<String, Node> primaryOf(Collection<String> packets) {
        Map<String, Node> where = new LinkedHashMap<>();
        for (Node primary : cluster.primaryNodes()) {
            for (String key : cluster.keys(primary, "*p:*")) {
                String id = key.substring(key.lastIndexOf(':') + 1);
                if (packets.contains(id) && key.endsWith("p:" + id)) {
                    where.put(id, primary);
                }
            }
        }
        List<String> nowhere =
                packets.stream().filter(p -> !where.containsKey(p)).toList();
        if (!nowhere.isEmpty()) {
            throw new IllegalStateException("no primary of the cluster holds packets " + nowhere
                    + ": does the service use HONGBAO_REDIS_CLUSTER?");
        }
        return where;
    }

    /** "127.0.0.1:7001 1234 (34%), ...": how many of {@code attempts}' packets' grabs each primary decided. */
    public static String perPrimary(Map<String, Node> primaryOf, Collection<GrabStorm.Attempt> attempts) {
        Map<Node, Long> counts = new LinkedHashMap<>();
        primaryOf.values().stream().distinct().forEach(n -> counts.put(n, 0L));
        long all = 0;
        for (GrabStorm.Attempt attempt : attempts) {
            Node node = primaryOf.get(attempt.packetId());
            if (node != null && attempt.status() == 200) {
                counts.merge(node, 1L, Long::sum);
                all++;
            }
        }
        long total = all;
        return String.join(
                ", ",
                counts.entrySet().stream()
                        .map(e -> String.format(
                                "%s %d (%.1f%%)",
                                e.getKey(), e.getValue(), total == 0 ? 0.0 : 100.0 * e.getValue() / total))
                        .toList());
    }

    /**
     * Entries of the persister's consumer group ({@code persister}) that some consumer holds without having
     * acknowledged them, per consumer name, summed over every stream on every primary (found by type, whatever its
     * key).
     */
    public Map<String, Long> pendingByConsumer() {
        Map<String, Long> pending = new TreeMap<>();
        for (Node primary : cluster.primaryNodes()) {
            cluster.call(primary, redis -> {
                KeyScanArgs streams = KeyScanArgs.Builder.type("stream").limit(1000);
                KeyScanCursor<String> cursor = redis.scan(streams);
                List<String> keys = new ArrayList<>(cursor.getKeys());
                while (!cursor.isFinished()) {
                    cursor = redis.scan(cursor, streams);
                    keys.addAll(cursor.getKeys());
                }
                for (String key : keys) {
                    try {
                        PendingMessages summary = redis.xpending(key, "persister");
                        summary.getConsumerMessageCount()
                                .forEach((consumer, count) -> pending.merge(consumer, count, Long::sum));
                    } catch (RedisCommandExecutionException noGroup) {
                        // a stream without the persister's group (a dead-letter stream)
                    }
                }
                return null;
            });
        }
        return pending;
    }

    /** What {@code instance}'s persister holds unacknowledged: its consumer name starts with its pid and "@". */
    public long pendingOf(ServiceProcess instance) {
        String prefix = instance.pid() + "@";
        return pendingByConsumer().entrySet().stream()
                .filter(e -> e.getKey().startsWith(prefix))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }

    /**
     * SIGSTOP: the instance keeps its sockets and does nothing, while Redis still hands its blocked stream reads new
     * entries, which stay pending under its name. {@link ServiceProcess#killHard()} works on a stopped instance.
     */
    public void stall(ServiceProcess instance) throws IOException, InterruptedException {
        Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(instance.pid()))
                .redirectErrorStream(true)
                .start();
        String output = new String(stop.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (stop.waitFor() != 0) {
            throw new IllegalStateException("kill -STOP " + instance.pid() + " failed: " + output);
        }
    }

    /** The balancer, the instances (SIGTERM), then the databases and the cluster. */
    @Override
    public void close() {
        closeAll(balancer, instances, databases, cluster);
    }

    private static void closeAll(
            Balancer balancer,
            List<ServiceProcess> instances,
            List<PrivateServers> databases,
            LocalRedisCluster cluster) {
        if (balancer != null) {
            balancer.close();
        }
        for (ServiceProcess instance : instances) {
            try {
                instance.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        databases.forEach(PrivateServers::close);
        cluster.close();
    }

    private static void check(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(
                    "expected " + status + ", got " + response.statusCode() + ": " + response.body());
        }
    }
}
