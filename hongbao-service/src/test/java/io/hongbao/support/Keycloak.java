package io.hongbao.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Keycloak, the OpenID Connect provider of the provider tests (ADR 0097): the distribution Maven unpacked into
 * {@code target/keycloak} ({@code hongbao.keycloak-home}), started with {@code kc.sh start-dev} on an in-memory H2
 * database, once per test JVM ({@link #shared()}) and stopped when the JVM exits. It needs Java 21 or newer: the
 * running JVM's if it is one, else {@code hongbao.keycloak.java-home} or the newest JDK found under /usr/lib/jvm.
 *
 * <p>Everything in it is made through its admin REST API by {@link #shared()}: the realm {@value #REALM} with the role
 * {@code admin}, the clients below (each adds the audience {@value #AUDIENCE} to its access tokens but
 * {@value #OTHER_SERVICE}), users, and a second realm {@value #ELSEWHERE} whose keys the service does not know.
 */
public final class Keycloak {

    public static final String REALM = "hongbao";
    public static final String AUDIENCE = "hongbao-api";
    /** The web app's public client: authorization code with PKCE; redirects registered by {@link #allowRedirect}. */
    public static final String WEB_CLIENT = "hongbao-web";
    /** The tests' public client with direct grants (username and password). */
    public static final String TEST_CLIENT = "hongbao-tests";
    /** Its access tokens live 2 seconds. */
    public static final String SHORT_LIVED_CLIENT = "hongbao-short-lived";
    /** Its access tokens are signed ES256, with the realm's EC key. */
    public static final String ES256_CLIENT = "hongbao-es256";
    /** A client of another service: its tokens do not carry our audience. */
    public static final String OTHER_SERVICE = "other-service";

    public static final String ELSEWHERE = "elsewhere";
    public static final String PASSWORD = "a-password-for-tests-only";

    private static final Path HOME = Path.of(System.getProperty("hongbao.keycloak-home", "target/keycloak/keycloak"));
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);
    private static final String ADMIN = "admin";
    private static final JsonMapper JSON = JsonMapper.shared();

    private static Keycloak shared;

    private final Process process;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final Duration startedIn;

    private Keycloak(Process process, int port, Duration startedIn) {
        this.process = process;
        this.port = port;
        this.startedIn = startedIn;
    }

    /** Skips the calling test class, with one line, when Keycloak cannot run here. */
    public static void assumeAvailable() {
        Assumptions.assumeTrue(
                Files.isExecutable(HOME.resolve("bin/kc.sh")),
                "Keycloak is not unpacked at " + HOME.toAbsolutePath() + " (mvn verify unpacks it)");
        Assumptions.assumeTrue(javaHome() != null, "no JDK 21+ to run Keycloak on (-Dhongbao.keycloak.java-home)");
    }

    /** The one Keycloak of this JVM, started and set up at the first call. */
    public static synchronized Keycloak shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "keycloak-stop"));
            shared.setUp();
        }
        return shared;
    }

    public String baseUrl() {
        return "http://localhost:" + port;
    }

    /** The realm's issuer as the service is configured with it: at {@code localhost}. */
    public String issuer() {
        return baseUrl() + "/realms/" + REALM;
    }

    public Duration startedIn() {
        return startedIn;
    }

    /** An access token of the realm's user, by a direct grant through the given client. */
    public String token(String client, String username) {
        return tokenAt(baseUrl(), REALM, client, username);
    }

    /**
     * The same through {@code 127.0.0.1}: Keycloak in dev mode names its issuer after the host asked, so this token is
     * signed by the realm's own key but says another {@code iss}.
     */
    public String tokenNamingAnotherIssuer(String client, String username) {
        return tokenAt("http://127.0.0.1:" + port, REALM, client, username);
    }

    /** A token of the other realm: another issuer, signed by a key the service has never seen. */
    public String tokenOfAnotherRealm(String username) {
        return tokenAt(baseUrl(), ELSEWHERE, TEST_CLIENT, username);
    }

    /** A user of the realm with {@link #PASSWORD}; with the realm role {@code admin} if asked. */
    public void createUser(String username, boolean admin) {
        createUser(REALM, username);
        if (admin) {
            String userId = get("/admin/realms/" + REALM + "/users?exact=true&username=" + username)
                    .get(0)
                    .path("id")
                    .asString();
            JsonNode role = get("/admin/realms/" + REALM + "/roles/admin");
            send("POST", "/admin/realms/" + REALM + "/users/" + userId + "/role-mappings/realm", List.of(role));
        }
    }

    /** Lets the web app's client send the browser back to this address after sign-in. */
    public void allowRedirect(String redirectUri) {
        JsonNode client = get("/admin/realms/" + REALM + "/clients?clientId=" + WEB_CLIENT)
                .get(0);
        Map<String, Object> update = Map.of(
                "clientId", WEB_CLIENT,
                "redirectUris", List.of(redirectUri),
                "webOrigins", List.of("+"));
        send("PUT", "/admin/realms/" + REALM + "/clients/" + client.path("id").asString(), update);
    }

    /**
     * A new RSA key, of higher priority than the realm's first: the realm signs its next tokens with it, under a new
     * {@code kid}. The old key stays published (tokens already issued stay good), as in a planned rotation.
     */
    public void rotateRsaKey() {
        addKey("rotated-" + System.nanoTime(), "rsa-generated", Map.of("keySize", List.of("2048")), 200);
    }

    /** The {@code kid} of a token's header. */
    public static String keyIdOf(String token) {
        return JSON.readTree(Base64.getUrlDecoder().decode(token.substring(0, token.indexOf('.'))))
                .path("kid")
                .asString();
    }

    /** The payload of a token, as JSON. */
    public static JsonNode claimsOf(String token) {
        String payload = token.split("\\.")[1];
        return JSON.readTree(Base64.getUrlDecoder().decode(payload));
    }

    private void setUp() {
        createRealm(REALM);
        send("POST", "/admin/realms/" + REALM + "/roles", Map.of("name", "admin"));
        // An EC key beside the RSA one, for the client that asks for ES256.
        addKey("es256", "ecdsa-generated", Map.of("ecdsaEllipticCurveKey", List.of("P-256")), 100);
        createClient(
                REALM,
                Map.of(
                        "clientId",
                        WEB_CLIENT,
                        "publicClient",
                        true,
                        "standardFlowEnabled",
                        true,
                        "directAccessGrantsEnabled",
                        false,
                        "webOrigins",
                        List.of("+"),
                        "attributes",
                        Map.of("pkce.code.challenge.method", "S256"),
                        "protocolMappers",
                        List.of(audienceMapper())));
        createClient(REALM, directGrantClient(TEST_CLIENT, Map.of(), true));
        createClient(REALM, directGrantClient(SHORT_LIVED_CLIENT, Map.of("access.token.lifespan", "2"), true));
        createClient(REALM, directGrantClient(ES256_CLIENT, Map.of("access.token.signed.response.alg", "ES256"), true));
        createClient(REALM, directGrantClient(OTHER_SERVICE, Map.of(), false));
        createRealm(ELSEWHERE);
        createClient(ELSEWHERE, directGrantClient(TEST_CLIENT, Map.of(), true));
        createUser(ELSEWHERE, "eve");
    }

    private void createRealm(String realm) {
        send("POST", "/admin/realms", Map.of("realm", realm, "enabled", true));
    }

    private void createUser(String realm, String username) {
        // Keycloak's user profile asks for an e-mail and names before a user may sign in.
        send(
                "POST",
                "/admin/realms/" + realm + "/users",
                Map.of(
                        "username",
                        username,
                        "enabled",
                        true,
                        "email",
                        username + "@example.com",
                        "emailVerified",
                        true,
                        "firstName",
                        username,
                        "lastName",
                        "Tester",
                        "credentials",
                        List.of(Map.of("type", "password", "value", PASSWORD, "temporary", false))));
    }

    private void createClient(String realm, Map<String, Object> client) {
        send("POST", "/admin/realms/" + realm + "/clients", client);
    }

    private static Map<String, Object> directGrantClient(
            String clientId, Map<String, String> attributes, boolean ourAudience) {
        return Map.of(
                "clientId",
                clientId,
                "publicClient",
                true,
                "standardFlowEnabled",
                false,
                "directAccessGrantsEnabled",
                true,
                "attributes",
                attributes,
                "protocolMappers",
                ourAudience ? List.of(audienceMapper()) : List.of());
    }

    private static Map<String, Object> audienceMapper() {
        return Map.of(
                "name", "audience",
                "protocol", "openid-connect",
                "protocolMapper", "oidc-audience-mapper",
                "config",
                        Map.of(
                                "included.custom.audience", AUDIENCE,
                                "access.token.claim", "true",
                                "id.token.claim", "false"));
    }

    private void addKey(String name, String providerId, Map<String, List<String>> extra, int priority) {
        String realmId = get("/admin/realms/" + REALM).path("id").asString();
        Map<String, List<String>> config = new java.util.HashMap<>(extra);
        config.put("priority", List.of(Integer.toString(priority)));
        config.put("active", List.of("true"));
        config.put("enabled", List.of("true"));
        send(
                "POST",
                "/admin/realms/" + REALM + "/components",
                Map.of(
                        "name", name,
                        "providerId", providerId,
                        "providerType", "org.keycloak.keys.KeyProvider",
                        "parentId", realmId,
                        "config", config));
    }

    private String tokenAt(String base, String realm, String client, String username) {
        HttpResponse<String> answer = form(
                base + "/realms/" + realm + "/protocol/openid-connect/token",
                Map.of(
                        "grant_type", "password",
                        "client_id", client,
                        "username", username,
                        "password", PASSWORD,
                        "scope", "openid"));
        assertThat(answer.statusCode())
                .as("token of %s via %s: %s", username, client, answer.body())
                .isEqualTo(200);
        return JSON.readTree(answer.body()).path("access_token").asString();
    }

    private String adminToken() {
        HttpResponse<String> answer = form(
                baseUrl() + "/realms/master/protocol/openid-connect/token",
                Map.of("grant_type", "password", "client_id", "admin-cli", "username", ADMIN, "password", PASSWORD));
        assertThat(answer.statusCode()).as("admin token: %s", answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body()).path("access_token").asString();
    }

    private JsonNode get(String path) {
        HttpResponse<String> answer = call(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Bearer " + adminToken())
                .GET()
                .build());
        assertThat(answer.statusCode()).as("GET %s: %s", path, answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private void send(String method, String path, Object body) {
        HttpResponse<String> answer = call(HttpRequest.newBuilder(URI.create(baseUrl() + path))
                .header("Authorization", "Bearer " + adminToken())
                .header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build());
        assertThat(answer.statusCode())
                .as("%s %s: %s", method, path, answer.body())
                .isBetween(200, 299);
    }

    private HttpResponse<String> form(String url, Map<String, String> fields) {
        String body = fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return call(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    private HttpResponse<String> call(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Keycloak start() {
        int port = freePort();
        long begin = System.nanoTime();
        Path log = Path.of("target", "keycloak-" + System.getProperty("hongbao.test.fork", "1") + ".log");
        // kc.sh start-dev first rebuilds the distribution's configuration in place: two test JVMs must not do that at
        // once, so a start holds a file lock until its Keycloak answers.
        try (FileChannel lockFile = FileChannel.open(
                        HOME.resolveSibling("start.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = lockFile.lock()) {
            ProcessBuilder builder = new ProcessBuilder(
                            HOME.resolve("bin/kc.sh").toString(),
                            "start-dev",
                            "--http-port=" + port,
                            "--http-management-port=" + freePort(),
                            "--db=dev-mem")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().put("JAVA_HOME", javaHome().toString());
            builder.environment().put("KC_BOOTSTRAP_ADMIN_USERNAME", ADMIN);
            builder.environment().put("KC_BOOTSTRAP_ADMIN_PASSWORD", PASSWORD);
            // C1 only, as the tests' own JVMs (ADR 0090): a Keycloak that lives one test class is all start-up, and on
            // CI's two busy cores its start costs CPU the other test JVM needs. A start-dev on a fresh distribution
            // (its augmentation included) took 26.5 CPU seconds with both compilers and 16.9 with C1 only (quiet
            // machine, one start each).
            builder.environment().put("JAVA_OPTS_APPEND", "-XX:TieredStopAtLevel=1");
            Keycloak keycloak = new Keycloak(builder.start(), port, null);
            keycloak.awaitUp(log);
            Duration startedIn = Duration.ofNanos(System.nanoTime() - begin);
            System.out.printf("Keycloak: up in %d ms on port %d%n", startedIn.toMillis(), port);
            return new Keycloak(keycloak.process, port, startedIn);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start Keycloak from " + HOME, e);
        }
    }

    private void awaitUp(Path log) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited with " + process.exitValue() + ":\n" + tail(log));
            }
            try {
                HttpResponse<String> answer = http.send(
                        HttpRequest.newBuilder(URI.create(baseUrl() + "/realms/master"))
                                .timeout(Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(Duration.ofMillis(500));
        }
        stop();
        throw new IllegalStateException("Keycloak did not answer within " + START_TIMEOUT + ":\n" + tail(log));
    }

    private void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** A JDK 21 or newer: Keycloak 26 runs on nothing older. */
    static Path javaHome() {
        String configured = System.getProperty("hongbao.keycloak.java-home");
        if (configured != null) {
            return Path.of(configured);
        }
        if (Runtime.version().feature() >= 21) {
            return Path.of(System.getProperty("java.home"));
        }
        try (var jdks = Files.list(Path.of("/usr/lib/jvm"))) {
            return jdks.filter(jdk -> Files.isExecutable(jdk.resolve("bin/java")))
                    .filter(jdk -> feature(jdk) >= 21)
                    .max(java.util.Comparator.comparingInt(Keycloak::feature))
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** The JDK's feature version from its {@code release} file (JAVA_VERSION="25.0.1"), 0 when unknown. */
    private static int feature(Path jdk) {
        try {
            for (String line : Files.readAllLines(jdk.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    return Integer.parseInt(version.split("[.+-]")[0]);
                }
            }
        } catch (IOException | NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return 0;
        }
        return 0;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
