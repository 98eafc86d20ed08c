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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stage of a fault test: a private Redis and MariaDB ({@link PrivateServers}) that the test may kill or freeze,
 * and the service as a separate JVM ({@link ServiceProcess}) using them, all under {@code target/it-data} (kept for a
 * look after a failure: the service's log, the servers' logs). The same in the default run and in CI's external pass.
 */
public final class FaultRig implements AutoCloseable {

    public static final long ADMIN = 1;
    private static final long SENDER = 1_000_000_007L;
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z]+)\"");

    private final PrivateServers servers;
    private final ServiceProcess service;
    private final ReplyDroppingProxy proxy;
    private final JwtSecret secret;
    private final TokenIssuer tokens;

    private FaultRig(PrivateServers servers, ReplyDroppingProxy proxy, ServiceProcess service, JwtSecret secret) {
        this.servers = servers;
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

    private static FaultRig start(String name, Map<String, String> env, boolean proxied) throws IOException {
        Path folder = TestStorage.runDataDir().resolve(name).toAbsolutePath();
        PrivateServers servers = PrivateServers.start(folder.resolve("servers"));
        ReplyDroppingProxy proxy = null;
        try {
            Map<String, String> all = new HashMap<>(servers.serviceEnv());
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
            return new FaultRig(servers, proxy, service, JwtSecret.configuredOrKeptIn(null, serviceFolder));
        } catch (IOException | RuntimeException e) {
            if (proxy != null) {
                proxy.close();
            }
            servers.close();
            throw e;
        }
    }

    public PrivateServers servers() {
        return servers;
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
        return new StormJudge(servers.dataSource(), service.baseUrl(), adminToken());
    }

    /** A storm of {@code threads} clients as {@code users} users of their own, over {@code packets}. */
    public RunningStorm storm(List<String> packets, long firstUser, int users, int threads, long seed) {
        return RunningStorm.start(service.baseUrl(), this::token, packets, firstUser, users, threads, seed);
    }

    /** Deposits what they need, then sends {@code count} packets of {@code shares} shares of {@code centsEach}. */
    public List<String> sendPackets(int count, int shares, long centsEach) throws Exception {
        ProcessApi api = api();
        long total = shares * centsEach;
        HttpResponse<String> deposit = api.post(
                ADMIN, true, "/api/v1/admin/accounts/" + SENDER + "/deposits", "{\"amount\": " + total * count + "}");
        check(deposit, 200);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpResponse<String> sent = api.post(
                    SENDER,
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
