package io.hongbao.bench.http;

import io.hongbao.platform.embedded.EmbeddedServers;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.platform.storage.StorageSettings;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * What the bench starts and owns for one invocation: the embedded Redis and MariaDB (unless pointed elsewhere), the
 * service and the peer as child JVMs, and the secret they share. Closing it stops them in reverse order.
 */
final class BenchEnvironment implements AutoCloseable {

    private final List<AutoCloseable> owned = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();
    private TokenIssuer tokens;
    private OptionalLong redisPid = OptionalLong.empty();
    private OptionalLong mariadbPid = OptionalLong.empty();

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
        boolean ownService = options.url == null && !options.skipHongbao;
        boolean needRedis = ownService || !options.skipPeer;
        String secret = options.url == null ? randomSecret() : null;
        JwtSecret jwt = secret != null
                ? new JwtSecret(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                : JwtSecret.configuredOrKeptIn(options.secret, options.dataDir);
        tokens = new TokenIssuer(jwt);
        String sharedSecret = new String(jwt.bytes(), java.nio.charset.StandardCharsets.UTF_8);
        EmbeddedServers servers = null;
        if (needRedis) {
            // The bench needs no database when it only starts the peer: a placeholder URL keeps MariaDB unstarted.
            String db = ownService ? options.dbUrl : "jdbc:unused";
            servers = EmbeddedServers.startWhatIsNotExternal(new StorageSettings(
                    work.resolve("servers"),
                    new StorageSettings.Redis(options.redisUrl),
                    new StorageSettings.Db(db, options.dbUser, options.dbPassword, 0, 0)));
            owned.add(servers);
        }
        String redis = options.redisUrl != null ? options.redisUrl : servers == null ? null : servers.redisUrl();
        List<String> jvmArgs = Arrays.asList(options.jvmArgs.trim().split("\\s+"));
        if (!options.skipHongbao) {
            targets.add(hongbao(options, work, servers, redis, sharedSecret, jvmArgs, ownService));
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
            return new HongbaoTarget(options.url, OptionalLong.empty(), tokens, null);
        }
        String jdbc = options.dbUrl != null ? options.dbUrl : servers.jdbcUrl();
        String user = options.dbUrl != null ? options.dbUser : servers.dbUser();
        String password = options.dbUrl != null ? options.dbPassword : servers.dbPassword();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HONGBAO_REDIS_URL", redis);
        env.put("HONGBAO_DB_URL", jdbc);
        env.put("HONGBAO_DB_USER", user);
        env.put("HONGBAO_DB_PASSWORD", password);
        env.put("HONGBAO_JWT_SECRET", secret);
        env.put("HONGBAO_DATA_DIR", work.resolve("service").toAbsolutePath().toString());
        // The set-up sends hundreds of packets from a few senders, far over the per-user send limit. The grab limit
        // stays on: it is part of the grab path measured, and the grabbers are many (--users).
        env.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
        env.putAll(options.serviceEnv);
        ChildJvm service = ChildJvm.start(
                "hongbao", options.serviceJar, jvmArgs, env, "/actuator/health", work.resolve("hongbao.log"));
        owned.add(service);
        return new HongbaoTarget(
                service.baseUrl(), OptionalLong.of(service.pid()), tokens, new JdbcGrabRows(jdbc, user, password));
    }

    List<Target> targets() {
        return targets;
    }

    TokenIssuer tokens() {
        return tokens;
    }

    /** The processes whose CPU the report shows while {@code target} is loaded. */
    Map<String, Long> processesFor(Target target) {
        Map<String, Long> processes = new LinkedHashMap<>();
        target.pid().ifPresent(pid -> processes.put("target", pid));
        redisPid.ifPresent(pid -> processes.put("redis", pid));
        mariadbPid.ifPresent(pid -> processes.put("mariadb", pid));
        processes.put("bench", ProcessHandle.current().pid());
        return processes;
    }

    /** The peer keeps its keys in the next logical Redis database, apart from the service's. */
    static String peerRedisUrl(String redisUrl) {
        URI uri = URI.create(redisUrl);
        String path = uri.getPath() == null ? "" : uri.getPath().replace("/", "");
        int database = path.isEmpty() ? 1 : Integer.parseInt(path) + 1;
        return uri.getScheme() + "://" + uri.getRawAuthority() + "/" + database;
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
