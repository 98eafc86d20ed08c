package io.hongbao.support;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stage of a fault test: a private Redis and MariaDB ({@link PrivateServers}) that the test may kill or freeze,
 * and the service as a separate JVM ({@link ServiceProcess}) using them, all under {@code target/it-data} (kept for a
 * look after a failure: the service's log, the servers' logs). The same in both test modes, so it runs once in CI.
 */
public final class FaultRig implements AutoCloseable {

    public static final long ADMIN = 1;
    private static final long SENDER = 1_000_000_007L;
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z]+)\"");

    private final PrivateServers servers;
    private final PrivateServers lastShard;
    private final List<String> databases;
    private final ServiceProcess service;
    private final ReplyDroppingProxy proxy;
    private final JwtSecret secret;
    private final TokenIssuer tokens;

    private FaultRig(
            PrivateServers servers,
            PrivateServers lastShard,
            List<String> databases,
            ReplyDroppingProxy proxy,
            ServiceProcess service,
            JwtSecret secret) {
        this.servers = servers;
        this.lastShard = lastShard;
        this.databases = List.copyOf(databases);
        this.proxy = proxy;
        this.service = service;
        this.secret = secret;
        this.tokens = new TokenIssuer(secret);
    }

    /**
     * @param name the test's folder under this run's data folder
     * @param env settings for the service on top of the rig's (faster reclaim of a dead consumer's entries, no
     *     per-user send limit for the set-up)
     */
    public static FaultRig start(String name, Map<String, String> env) throws IOException {
        return start(name, env, false);
    }

    /** As {@link #start}, with the service reaching Redis through a {@link ReplyDroppingProxy} ({@link #proxy()}). */
    public static FaultRig startBehindProxy(String name, Map<String, String> env) throws IOException {
        return start(name, env, true);
    }

    /**
     * As {@link #start}, on {@code shards} database shards (ADR 0083): all but the last are databases on the rig's
     * MariaDB, the last is on a second MariaDB of its own ({@link #lastShardServers()}), so that a test can freeze one
     * shard and leave the others answering. (That second pair's Redis goes unused.)
     */
    public static FaultRig startOnDatabaseShards(String name, int shards, Map<String, String> env) throws IOException {
        if (shards < 2) {
            throw new IllegalArgumentException("at least two shards, not " + shards);
        }
        Path folder = TestStorage.runDataDir().resolve(name).toAbsolutePath();
        SideBySide starts = new SideBySide();
        Supplier<PrivateServers> serversStarted = starts.begin(() -> PrivateServers.start(folder.resolve("servers")));
        Supplier<PrivateServers> lastShardStarted =
                starts.begin(() -> PrivateServers.start(folder.resolve("last-shard")));
        starts.awaitAll();
        PrivateServers servers = serversStarted.get();
        PrivateServers lastShard = lastShardStarted.get();
        try {
            List<String> databases = new ArrayList<>();
            for (int shard = 0; shard < shards; shard++) {
                String server = serverOf((shard < shards - 1 ? servers : lastShard).jdbcUrl());
                databases.add(server + "/hongbao_shard_" + shard + "?createDatabaseIfNotExist=true");
            }
            Map<String, String> all = new HashMap<>(env);
            all.put("HONGBAO_DB_SHARDS", String.join(",", databases));
            return start(folder, servers, lastShard, databases, all, false);
        } catch (IOException | RuntimeException e) {
            lastShard.close();
            servers.close();
            throw e;
        }
    }

    private static FaultRig start(String name, Map<String, String> env, boolean proxied) throws IOException {
        Path folder = TestStorage.runDataDir().resolve(name).toAbsolutePath();
        PrivateServers servers = PrivateServers.start(folder.resolve("servers"));
        return start(folder, servers, null, List.of(servers.jdbcUrl()), env, proxied);
    }

    /** Starts the service on {@code databases} (one URL: HONGBAO_DB_URL; more: the shards); closes all on failure. */
    private static FaultRig start(
            Path folder,
            PrivateServers servers,
            PrivateServers lastShard,
            List<String> databases,
            Map<String, String> env,
            boolean proxied)
            throws IOException {
        ReplyDroppingProxy proxy = null;
        try {
            Map<String, String> all = new HashMap<>(servers.serviceEnv());
            if (databases.size() > 1) {
                all.remove("HONGBAO_DB_URL");
            }
            if (proxied) {
                proxy = ReplyDroppingProxy.start(URI.create(servers.redisUrl()).getPort());
                all.put("HONGBAO_REDIS_URL", proxy.redisUrl());
            }
            all.put("HONGBAO_REDPACKET_PERSISTER_CLAIMIDLE", "2s");
            all.put("HONGBAO_REDPACKET_PERSISTER_RECLAIMEVERY", "1s");
            all.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
            all.putAll(env);
            Path serviceFolder = folder.resolve("service");
            ServiceProcess service = ServiceProcess.start(serviceFolder, all);
            return new FaultRig(
                    servers, lastShard, databases, proxy, service, JwtSecret.configuredOrKeptIn(null, serviceFolder));
        } catch (IOException | RuntimeException e) {
            if (proxy != null) {
                proxy.close();
            }
            if (lastShard != null) {
                lastShard.close();
            }
            servers.close();
            throw e;
        }
    }

    /** {@code jdbc:mariadb://host:port/db?x} → {@code jdbc:mariadb://host:port} */
    private static String serverOf(String jdbcUrl) {
        return jdbcUrl.substring(0, jdbcUrl.indexOf('/', "jdbc:mariadb://".length()));
    }

    public PrivateServers servers() {
        return servers;
    }

    /** The second MariaDB, holding the last database shard alone; only after {@link #startOnDatabaseShards}. */
    public PrivateServers lastShardServers() {
        if (lastShard == null) {
            throw new IllegalStateException("started on one database");
        }
        return lastShard;
    }

    /** The service's databases, shard 0 first: one, or each shard's after {@link #startOnDatabaseShards}. */
    public List<String> databases() {
        return databases;
    }

    /** Who sent the {@code index}th packet of {@link #sendPackets(int, int, long, int)} with {@code senders}. */
    public static long senderOfPacket(int index, int senders) {
        return SENDER + index % senders;
    }

    /** The proxy between the service and Redis; only after {@link #startBehindProxy}. */
    public ReplyDroppingProxy proxy() {
        if (proxy == null) {
            throw new IllegalStateException("started without a proxy");
        }
        return proxy;
    }

    public ServiceProcess service() {
        return service;
    }

    public String token(long user) {
        return tokens.issue(user, false, Duration.ofHours(1));
    }

    public String adminToken() {
        return tokens.issue(ADMIN, true, Duration.ofHours(1));
    }

    /** Plain calls, each checked against the service's OpenAPI document. */
    public ProcessApi api() {
        return new ProcessApi(service, secret);
    }

    public StormJudge judge() {
        return new StormJudge(
                databases.stream().map(PrivateServers::dataSource).toList(), service.baseUrl(), adminToken());
    }

    /** A storm of {@code threads} clients as {@code users} users of their own, over {@code packets}. */
    public RunningStorm storm(List<String> packets, long firstUser, int users, int threads, long seed) {
        return RunningStorm.start(service.baseUrl(), this::token, packets, firstUser, users, threads, seed);
    }

    /** Deposits what they need, then sends {@code count} packets of {@code shares} shares of {@code centsEach}. */
    public List<String> sendPackets(int count, int shares, long centsEach) throws Exception {
        return sendPackets(count, shares, centsEach, 1);
    }

    /**
     * As {@link #sendPackets(int, int, long)}, from {@code senders} senders in turn, consecutive user ids: on database
     * shards a packet is placed with its sender (ADR 0084), so as many senders as shards put packets on every shard.
     */
    public List<String> sendPackets(int count, int shares, long centsEach, int senders) throws Exception {
        ProcessApi api = api();
        long total = shares * centsEach;
        for (int sender = 0; sender < senders; sender++) {
            long each = total * ((count - sender + senders - 1) / senders);
            if (each > 0) {
                HttpResponse<String> deposit = api.post(
                        ADMIN,
                        true,
                        "/api/v1/admin/accounts/" + senderOfPacket(sender, senders) + "/deposits",
                        "{\"amount\": " + each + "}");
                check(deposit, 200);
            }
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpResponse<String> sent = api.post(
                    senderOfPacket(i, senders),
                    false,
                    "/api/v1/packets",
                    "{\"totalAmount\": " + total + ", \"count\": " + shares + ", \"expiresInSeconds\": 86400}");
            check(sent, 201);
            Matcher id = ID.matcher(sent.body());
            if (!id.find()) {
                throw new IllegalStateException("no id in " + sent.body());
            }
            ids.add(id.group(1));
        }
        return ids;
    }

    /** The service first (SIGTERM), then the proxy and the servers. */
    @Override
    public void close() throws Exception {
        try {
            service.close();
        } finally {
            if (proxy != null) {
                proxy.close();
            }
            if (lastShard != null) {
                lastShard.close();
            }
            servers.close();
        }
    }

    private static void check(HttpResponse<String> response, int status) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(
                    "expected " + status + ", got " + response.statusCode() + ": " + response.body());
        }
    }
}
