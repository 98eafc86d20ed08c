package io.hongbao.bench.audit;

import io.hongbao.bench.BenchServers;
import io.hongbao.bench.http.targets.ChildJvm;
import io.hongbao.embedded.EmbeddedServers;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.springframework.util.FileSystemUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code audit}: the audit at production volume (ADR 0068). Writes a long, consistent history straight into a database
 * of its own ({@link BulkHistory}: by default 10 million grants), starts the service on it with a small heap, adds a
 * few hundred live packets through the API, then runs the recent audit and the full one and prints for each how long
 * it took, how much heap the service held, and grants audited per second. The database is dropped afterwards.
 */
@Command(
        name = "audit",
        mixinStandardHelpOptions = true,
        description = "Audit at volume: fill a database with N grants, audit it in a small heap, report time and heap.")
public final class AuditCommand implements Callable<Integer> {

    private static final JsonMapper JSON = JsonMapper.shared();
    private static final Duration AUDIT_LIMIT = Duration.ofHours(2);
    private static final long FIRST_LIVE_USER = 5_000_000_000L;

    @Option(names = "--grants", defaultValue = "10000000", description = "grabs in the history (${DEFAULT-VALUE})")
    long grants;

    @Option(names = "--shares", defaultValue = "10", description = "shares per packet (${DEFAULT-VALUE})")
    int shares;

    @Option(names = "--grabbed", defaultValue = "8", description = "shares grabbed per packet (${DEFAULT-VALUE})")
    int grabbed;

    @Option(names = "--users", defaultValue = "1000000", description = "users in the history (${DEFAULT-VALUE})")
    long users;

    @Option(
            names = "--live-packets",
            defaultValue = "200",
            description = "packets sent and half grabbed through the API before auditing (${DEFAULT-VALUE})")
    int livePackets;

    @Option(
            names = "--db-server",
            description = "use this MariaDB server (a JDBC URL ending in /) instead of starting an embedded one, whose"
                    + " temporary files no other server on the machine can touch")
    String dbServer;

    @Option(
            names = "--db-name",
            defaultValue = "hongbao_auditbench",
            description = "the database written, audited and dropped (${DEFAULT-VALUE})")
    String dbName;

    @Option(names = "--db-user", defaultValue = "root", description = "with --db-server (${DEFAULT-VALUE})")
    String dbUser;

    @Option(names = "--db-password", defaultValue = "", description = "with --db-server")
    String dbPassword;

    @Option(names = "--redis-url", description = "use this Redis instead of starting an embedded one")
    String redisUrl;

    @Option(
            names = "--service-jar",
            defaultValue = "hongbao-service/target/hongbao-exec.jar",
            description = "(${DEFAULT-VALUE})")
    Path serviceJar;

    @Option(
            names = "--jvm-args",
            defaultValue = "-Xmx256m",
            description = "JVM options of the audited service: a small heap shows the audit's memory is bounded"
                    + " (${DEFAULT-VALUE})")
    String jvmArgs;

    @Option(
            names = "--scopes",
            split = ",",
            defaultValue = "recent,full",
            description = "the audits run, in order (${DEFAULT-VALUE})")
    List<String> scopes;

    @Option(
            names = "--keep",
            description = "keep the database (and an embedded server's folder) afterwards; a later run on the same"
                    + " --db-server can use --skip-fill")
    boolean keep;

    @Option(names = "--skip-fill", description = "audit the database as a kept earlier run left it")
    boolean skipFill;

    @Override
    public Integer call() throws Exception {
        BulkHistory.Shape shape = new BulkHistory.Shape(grants / grabbed, shares, grabbed, users);
        Path work = Files.createTempDirectory("hongbao-audit-bench");
        try (EmbeddedServers servers = BenchServers.startWhatIsNotGiven(
                work.resolve("servers"), redisUrl, dbServer == null ? null : dbServer + dbName)) {
            BulkHistory history = dbServer != null
                    ? new BulkHistory(dbServer, dbName, dbUser, dbPassword, shape)
                    : new BulkHistory(
                            serverOf(servers.jdbcUrl()), dbName, servers.dbUser(), servers.dbPassword(), shape);
            System.out.printf(
                    "audit bench: %,d grants in %,d packets (%d shares, %d grabbed, all closed), %,d users; database"
                            + " %s%n",
                    shape.grants(), shape.packets(), shares, grabbed, users, history.jdbcUrl());
            try {
                if (!skipFill) {
                    long start = System.nanoTime();
                    history.write();
                    System.out.printf("fill: %.0f s; %s%n", (System.nanoTime() - start) / 1e9, history.sizes());
                }
                return audit(history, redisUrl != null ? redisUrl : servers.redisUrl(), work);
            } finally {
                if (!keep) {
                    history.drop();
                    System.out.println("dropped " + dbName);
                }
            }
        } finally {
            if (keep) {
                System.out.println("kept " + work);
            } else {
                FileSystemUtils.deleteRecursively(work);
            }
        }
    }

    private int audit(BulkHistory history, String redis, Path work) throws Exception {
        String secret = randomSecret();
        TokenIssuer tokens = new TokenIssuer(new JwtSecret(secret.getBytes(StandardCharsets.UTF_8)));
        Path gcLog = work.resolve("gc.log");
        List<String> jvm = new ArrayList<>(Arrays.asList(jvmArgs.trim().split("\\s+")));
        jvm.add("-Xlog:gc:file=" + gcLog.toAbsolutePath());
        try (ChildJvm service = ChildJvm.start(
                "hongbao",
                serviceJar,
                jvm,
                serviceEnv(history, redis, secret, work),
                "/actuator/health",
                work.resolve("hongbao.log"))) {
            Api api = new Api(service.baseUrl(), tokens);
            int liveGrabs = liveTraffic(api);
            awaitPersisted(history, liveGrabs);
            System.out.printf(
                    "service: %s; %d live packets with %d grabs through the API%n", jvmArgs, livePackets, liveGrabs);
            boolean allOk = true;
            for (String scope : scopes) {
                allOk &= audit(api, service.baseUrl(), gcLog, scope);
            }
            return allOk ? 0 : 1;
        }
    }

    /** {@code jdbc:mariadb://host:port/db?options} → {@code jdbc:mariadb://host:port/}. */
    private static String serverOf(String jdbcUrl) {
        int path = jdbcUrl.indexOf('/', "jdbc:mariadb://".length());
        return jdbcUrl.substring(0, path + 1);
    }

    private boolean audit(Api api, String baseUrl, Path gcLog, String scope) throws Exception {
        JsonNode report;
        long start = System.nanoTime();
        HeapWatch heap = HeapWatch.start(baseUrl, gcLog);
        try {
            report = api.get("/api/v1/admin/audit?scope=" + scope, AUDIT_LIMIT);
        } finally {
            heap.close();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        boolean ok = report.path("ok").asBoolean(false);
        long afterGc = heap.peakAfterGcMb();
        System.out.printf(
                "audit %s: %s in %.1f s, %,.0f grants/s; heap after GC at most %s, heap in use at most %d MB (sampled"
                        + " every %d ms)%n",
                scope,
                ok ? "ok" : "FAILED",
                seconds,
                (grants + 0.0) / seconds,
                afterGc < 0 ? "- (no collection)" : afterGc + " MB (" + heap.collections() + " collections)",
                heap.peakSampledMb(),
                HeapWatch.EVERY.toMillis());
        for (JsonNode check : report.path("checks")) {
            System.out.printf(
                    "  %-28s %-6s %7.1f s  %s%n",
                    check.path("name").asString(),
                    check.path("ok").asBoolean() ? "ok" : "FAILED",
                    check.path("millis").asLong() / 1000.0,
                    check.path("detail").asString());
        }
        return ok;
    }

    /** Live packets sent and half grabbed through the API: what the recent audit and Redis comparison look at. */
    private int liveTraffic(Api api) throws Exception {
        if (livePackets == 0) {
            return 0;
        }
        long sender = FIRST_LIVE_USER;
        long total = 100L * shares;
        api.post(
                "/api/v1/admin/accounts/" + sender + "/deposits",
                api.admin(),
                "{\"amount\":" + total * livePackets + "}");
        String body = "{\"totalAmount\":" + total + ",\"count\":" + shares + ",\"expiresInSeconds\":86400}";
        int grabs = 0;
        long grabber = FIRST_LIVE_USER + 1;
        for (int i = 0; i < livePackets; i++) {
            String id = api.post("/api/v1/packets", api.user(sender), body)
                    .get("id")
                    .asString();
            for (int g = 0; g < shares / 2; g++) {
                api.post("/api/v1/packets/" + id + "/grab", api.user(grabber++), null);
                grabs++;
            }
        }
        return grabs;
    }

    private void awaitPersisted(BulkHistory history, int liveGrabs) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        try (Connection db = DriverManager.getConnection(history.jdbcUrl(), history.user(), history.password());
                Statement sql = db.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet rs =
                        sql.executeQuery("SELECT COUNT(*) FROM packet_grabs WHERE packet_id NOT LIKE '0%'")) {
                    rs.next();
                    if (rs.getLong(1) >= liveGrabs) {
                        return;
                    }
                }
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("the " + liveGrabs + " live grabs were not persisted within 2 minutes");
    }

    private Map<String, String> serviceEnv(BulkHistory history, String redis, String secret, Path work) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("HONGBAO_REDIS_URL", redis);
        env.put("HONGBAO_DB_URL", history.jdbcUrl());
        env.put("HONGBAO_DB_USER", history.user());
        env.put("HONGBAO_DB_PASSWORD", history.password());
        env.put("HONGBAO_JWT_SECRET", secret);
        env.put("HONGBAO_DATA_DIR", work.resolve("hongbao").toAbsolutePath().toString());
        // The audits measured are the ones this command asks for; the live traffic is one sender and many grabbers.
        env.put("HONGBAO_AUDIT_PERIODIC_ENABLED", "false");
        env.put("HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false");
        return env;
    }

    private static String randomSecret() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /** Plain JSON calls to the service under audit. */
    private static final class Api {
        private final HttpClient http = HttpClient.newHttpClient();
        private final String baseUrl;
        private final TokenIssuer tokens;

        Api(String baseUrl, TokenIssuer tokens) {
            this.baseUrl = baseUrl;
            this.tokens = tokens;
        }

        String admin() {
            return tokens.issue(1, true, Duration.ofHours(3));
        }

        String user(long id) {
            return tokens.issue(id, false, Duration.ofHours(3));
        }

        JsonNode post(String path, String bearer, String json) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + bearer);
            request = json == null
                    ? request.POST(HttpRequest.BodyPublishers.noBody())
                    : request.header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(json));
            return send(request.build());
        }

        JsonNode get(String path, Duration timeout) throws Exception {
            return send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(timeout)
                    .header("Authorization", "Bearer " + admin())
                    .GET()
                    .build());
        }

        private JsonNode send(HttpRequest request) throws Exception {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException(request.method() + " " + request.uri() + " answered "
                        + response.statusCode() + " " + response.body());
            }
            return JSON.readTree(response.body());
        }
    }
}
