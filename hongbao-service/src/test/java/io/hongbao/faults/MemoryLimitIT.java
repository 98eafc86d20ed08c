package io.hongbao.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.redis.LuaScript;
import io.hongbao.platform.redis.NotExecutedRetry;
import io.hongbao.platform.redis.RedisPrimaries;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.grab.GrabScript;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.ProcessApi;
import io.hongbao.support.ServiceProcess;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault suite: Redis reaches its memory limit (ADR 0067). The service runs as its own process on its own embedded Redis,
 * because maxmemory is server-wide and the test must own the server; the test lowers maxmemory to a little above what
 * Redis holds and fills it with ballast keys, first to just under maxmemory (Redis still accepts writes), then past it
 * (Redis refuses writes). It checks that new grabs, sends and draws are refused with 503 before Redis refuses writes,
 * changing nothing; that once Redis is over maxmemory the grab script itself still refuses atomically, an expiring packet
 * is still refunded and a draw whose points are spent is still decided; and that afterwards nothing granted is lost.
 * Soft assertions, so that a run shows every broken promise at once; each phase prints what it saw.
 */
class MemoryLimitIT {

    private static final Pattern OUTCOME = Pattern.compile("\"outcome\":\"([A-Z_]+)\"");
    private static final Pattern AMOUNT = Pattern.compile("\"amount\":(\\d+)");
    private static final long ADMIN = 1;
    private static final long SENDER = 3_000_000_001L;
    private static final long DRAWER = 3_000_000_002L;
    private static final long FIRST_GRABBER = 3_100_000_000L;
    private static final long CONFIGURED_MAX_MEMORY = 64L * 1024 * 1024;
    private static final long HEADROOM = 16L * 1024 * 1024;
    private static final long OVER_BY = 1024 * 1024;
    private static final String BALLAST = "memory-it:ballast:";
    private static final String BALLAST_VALUE = "x".repeat(64 * 1024);
    private static final String WHEEL_TAG = "{lottery:memory-it}";
    private static final Duration REFUND_EXPIRY = Duration.ofSeconds(15);

    @TempDir
    Path dataDir;

    private final SoftAssertions softly = new SoftAssertions();
    private long nextGrabber = FIRST_GRABBER;
    private int ballastKeys;

    @Test
    void grabsAreRefusedBeforeRedisRefusesWritesAndRefundsAndDrawsStillFinishOnceItDoes() throws Exception {
        try (ServiceProcess service = ServiceProcess.start(dataDir, environment())) {
            ProcessApi api = new ProcessApi(service, dataDir);
            RedisClient client = RedisClient.create("redis://127.0.0.1:" + redisPort());
            try (StatefulRedisConnection<String, String> connection = client.connect()) {
                run(service, api, connection);
            } finally {
                client.shutdown();
            }
        }
        softly.assertAll();
    }

    private void run(ServiceProcess service, ProcessApi api, StatefulRedisConnection<String, String> connection)
            throws Exception {
        RedisCommands<String, String> redis = connection.sync();
        softly.assertThat(Long.parseLong(redis.configGet("maxmemory").get("maxmemory")))
                .as("the embedded Redis runs with the configured maxmemory")
                .isEqualTo(CONFIGURED_MAX_MEMORY);

        // Before: a packet people grab, a wheel whose draws win the consolation, points to draw with.
        ok(api.post(ADMIN, true, "/api/v1/admin/accounts/" + SENDER + "/deposits", "{\"amount\": 2000000}"));
        ok(api.post(ADMIN, true, "/api/v1/admin/accounts/" + DRAWER + "/points", "{\"points\": 1000}"));
        String packet = api.sendPacket(SENDER, "{\"totalAmount\": 1000000, \"count\": 1000}");
        String wheel = createWheel(api);
        Map<Long, Long> granted = new HashMap<>();
        for (int i = 0; i < 20; i++) {
            long user = nextGrabber++;
            HttpResponse<String> grab = grab(api, user, packet);
            assertThat(outcome(grab)).as(grab.body()).isEqualTo("GRABBED");
            granted.put(user, amount(grab));
        }
        redis.set(WHEEL_TAG + ":loaded", "1");
        System.out.printf("MemoryLimitIT: before: %d grabs GRABBED; Redis %s%n", granted.size(), memory(redis));

        // Nearly full: above the admission threshold, below maxmemory, so Redis itself still accepts writes.
        long limit = counted(redis) + HEADROOM;
        redis.configSet("maxmemory", Long.toString(limit));
        String expiring = api.sendPacket(
                SENDER,
                "{\"totalAmount\": 5000, \"count\": 5, \"expiresInSeconds\": " + REFUND_EXPIRY.toSeconds() + "}");
        Instant expiresAt = Instant.now().plus(REFUND_EXPIRY);
        fillUntil(redis, () -> counted(redis) >= limit * 95 / 100);
        redis.set("memory-it:probe", "still writable");
        Thread.sleep(1_000); // several sampling periods of the admission's sampler
        nearlyFull(api, redis, packet, wheel, granted);

        // Full: Redis refuses writes from now on.
        long balanceBeforeRefund = balance(api, SENDER);
        fillUntil(redis, () -> !writable(redis));
        // Past the limit by a margin, so that buffers Redis frees meanwhile cannot bring it back under.
        redis.configSet("maxmemory", Long.toString(counted(redis) - OVER_BY));
        assertThat(writable(redis)).as("Redis refuses writes").isFalse();
        assertThat(Instant.now())
                .as("the expiring packet must still be live when Redis becomes full (a slow machine?)")
                .isBefore(expiresAt);
        full(api, redis, connection, packet, granted);
        boolean refunded = eventually(
                Duration.between(Instant.now(), expiresAt).plusSeconds(20),
                () -> balance(api, SENDER) == balanceBeforeRefund + 5000);
        softly.assertThat(refunded)
                .as("the expired packet's 5000 refunded to its sender while Redis was full")
                .isTrue();
        System.out.printf(
                "MemoryLimitIT: full: expired packet %s refunded: %s; Redis %s%n", expiring, refunded, memory(redis));

        // Room again: the ballast goes, grabs are admitted again and nothing granted is lost.
        released(api, redis, packet, granted);
        System.out.println("MemoryLimitIT: metrics " + metrics(service));
    }

    private void nearlyFull(
            ProcessApi api, RedisCommands<String, String> redis, String packet, String wheel, Map<Long, Long> granted)
            throws Exception {
        long shares = redis.llen(new PacketKeys(16).shares(new PacketId(packet)));
        long user = nextGrabber++;
        HttpResponse<String> grab = grab(api, user, packet);
        track(grab, user, granted);
        refusedWithNothingChanged("a grab while Redis is nearly full", grab);
        softly.assertThat(redis.llen(new PacketKeys(16).shares(new PacketId(packet))))
                .as("shares left after the refused grab")
                .isEqualTo(shares);

        long balance = balance(api, SENDER);
        HttpResponse<String> send = api.post(SENDER, false, "/api/v1/packets", "{\"totalAmount\": 100, \"count\": 1}");
        refusedWithNothingChanged("a send while Redis is nearly full", send);
        softly.assertThat(balance(api, SENDER))
                .as("the sender's balance after the refused send")
                .isEqualTo(balance);

        long points = points(api, DRAWER);
        HttpResponse<String> draw = api.post(DRAWER, false, "/api/v1/wheels/" + wheel + "/draw", null);
        refusedWithNothingChanged("a draw while Redis is nearly full", draw);
        softly.assertThat(points(api, DRAWER))
                .as("the drawer's points after the refused draw")
                .isEqualTo(points);
        System.out.printf(
                "MemoryLimitIT: nearly full (%s, writes still accepted): grab %d %s, send %d, draw %d%n",
                memory(redis), grab.statusCode(), outcome(grab), send.statusCode(), draw.statusCode());
    }

    private void full(
            ProcessApi api,
            RedisCommands<String, String> redis,
            StatefulRedisConnection<String, String> connection,
            String packet,
            Map<Long, Long> granted)
            throws Exception {
        String before = memory(redis);
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long user = nextGrabber++;
            HttpResponse<String> grab = grab(api, user, packet);
            track(grab, user, granted);
            statuses.add(grab.statusCode());
            refusedWithNothingChanged("a grab while Redis refuses writes", grab);
        }

        // The script's own guard, for a grab that reaches Redis anyway (a sampler a moment behind): it must refuse
        // before taking anything, or it takes a share and grows the stream past maxmemory.
        PacketKeys keys = new PacketKeys(16);
        PacketId id = new PacketId(packet);
        String stream = keys.stream(keys.shardOf(id));
        long shares = redis.llen(keys.shares(id));
        // The last id the stream generated, not its length: the persister trims acknowledged entries meanwhile.
        Object lastWritten = lastGeneratedId(redis, stream);
        long user = nextGrabber++;
        String script = scriptOutcome(() -> new GrabScript(
                        RedisPrimaries.of(connection),
                        new NotExecutedRetry(Duration.ofSeconds(2), Duration.ofMillis(20)),
                        keys)
                .grab(keys.shardOf(id), List.of(new GrabScript.Request(id, UserId.of(user))))
                .toCompletableFuture()
                .join()
                .toString());
        softly.assertThat(script).as("grab_packets.lua over maxmemory").contains("nothing was changed");
        softly.assertThat(redis.llen(keys.shares(id)))
                .as("shares after the script's refusal")
                .isEqualTo(shares);
        softly.assertThat(lastGeneratedId(redis, stream))
                .as("last stream entry written, after the script's refusal")
                .isEqualTo(lastWritten);

        // A draw whose points are spent must be decided even now: the consolation, remembered under the draw's key.
        String draw = scriptOutcome(() -> LuaScript.fromResource("lottery_draw")
                .<List<Object>>run(
                        connection.async(),
                        ScriptOutputType.MULTI,
                        new String[] {
                            WHEEL_TAG + ":pool",
                            WHEEL_TAG + ":won",
                            WHEEL_TAG + ":loaded",
                            WHEEL_TAG + ":outcomes",
                            WHEEL_TAG + ":outcome:d1"
                        },
                        "",
                        "60000",
                        "d1")
                .toCompletableFuture()
                .join()
                .get(0)
                .toString());
        softly.assertThat(draw)
                .as("lottery_draw.lua over maxmemory (\"\" is the consolation)")
                .isEmpty();
        System.out.printf(
                "MemoryLimitIT: full (before %s, after the grabs %s): grabs %s; grab_packets.lua: %s;"
                        + " lottery_draw.lua: \"%s\"%n",
                before, memory(redis), statuses, script, draw);
    }

    private void released(ProcessApi api, RedisCommands<String, String> redis, String packet, Map<Long, Long> granted)
            throws Exception {
        for (int i = 0; i < ballastKeys; i++) {
            redis.del(BALLAST + i);
        }
        redis.configSet("maxmemory", Long.toString(CONFIGURED_MAX_MEMORY));
        long user = nextGrabber++;
        Instant start = Instant.now();
        boolean admitted = eventually(Duration.ofSeconds(10), () -> {
            HttpResponse<String> grab = grab(api, user, packet);
            track(grab, user, granted);
            return grab.statusCode() == 200;
        });
        softly.assertThat(admitted)
                .as("grabs admitted again once Redis has room")
                .isTrue();
        long admittedAfter = Duration.between(start, Instant.now()).toMillis();
        for (Map.Entry<Long, Long> grant : granted.entrySet()) {
            HttpResponse<String> retry = grab(api, grant.getKey(), packet);
            softly.assertThat(outcome(retry) + " " + amount(retry))
                    .as("a retry of user %d's grab", grant.getKey())
                    .isEqualTo("ALREADY_GRABBED " + grant.getValue());
        }
        boolean recorded = eventually(Duration.ofSeconds(30), () -> allRecorded(api, packet, granted));
        softly.assertThat(recorded).as("every GRABBED answer in the database").isTrue();
        HttpResponse<String> audit = api.get(ADMIN, true, "/api/v1/admin/audit");
        softly.assertThat(audit.body()).as(audit.body()).startsWith("{\"ok\":true");
        System.out.printf(
                "MemoryLimitIT: released: grabs admitted again after %d ms; %d GRABBED answers, all recorded once: %s;"
                        + " audit ok: %s%n",
                admittedAfter, granted.size(), recorded, audit.body().startsWith("{\"ok\":true"));
    }

    private void refusedWithNothingChanged(String what, HttpResponse<String> response) {
        softly.assertThat(response.statusCode())
                .as(what + ": " + response.body())
                .isEqualTo(503);
        softly.assertThat(response.body())
                .as(what)
                .contains("\"code\":\"UNAVAILABLE\"")
                .contains("nothing was changed");
    }

    private static void track(HttpResponse<String> grab, long user, Map<Long, Long> granted) {
        if ("GRABBED".equals(outcome(grab))) {
            granted.put(user, amount(grab));
        }
    }

    /** Ballast keys until {@code done}; a SET that Redis refuses ends it too. */
    private void fillUntil(RedisCommands<String, String> redis, Callable<Boolean> done) throws Exception {
        while (!done.call()) {
            try {
                redis.set(BALLAST + ballastKeys, BALLAST_VALUE);
                ballastKeys++;
            } catch (RedisCommandExecutionException full) {
                return;
            }
        }
    }

    private static boolean writable(RedisCommands<String, String> redis) {
        try {
            redis.set("memory-it:probe", "x");
            return true;
        } catch (RedisCommandExecutionException e) {
            assertThat(e.getMessage()).contains("OOM");
            return false;
        }
    }

    /** What Redis compares with maxmemory: used memory without the buffers it does not count. */
    private static long counted(RedisCommands<String, String> redis) {
        return infoField(redis, "used_memory") - infoField(redis, "mem_not_counted_for_evict");
    }

    private static String memory(RedisCommands<String, String> redis) {
        long max = Long.parseLong(redis.configGet("maxmemory").get("maxmemory"));
        return String.format("%.1f of %.1f MB", counted(redis) / 1048576.0, max / 1048576.0);
    }

    private static long infoField(RedisCommands<String, String> redis, String field) {
        Matcher value = Pattern.compile("(?m)^" + field + ":(\\d+)").matcher(redis.info("memory"));
        assertThat(value.find()).as(field).isTrue();
        return Long.parseLong(value.group(1));
    }

    private static String scriptOutcome(Callable<String> call) {
        try {
            return call.call();
        } catch (CompletionException e) {
            return "failed: " + e.getCause().getMessage();
        } catch (Exception e) {
            return "failed: " + e.getMessage();
        }
    }

    private static boolean eventually(Duration limit, Callable<Boolean> condition) throws Exception {
        Instant deadline = Instant.now().plus(limit);
        while (Instant.now().isBefore(deadline)) {
            if (condition.call()) {
                return true;
            }
            Thread.sleep(250);
        }
        return condition.call();
    }

    private static boolean allRecorded(ProcessApi api, String packet, Map<Long, Long> granted) throws Exception {
        for (Map.Entry<Long, Long> grant : granted.entrySet()) {
            String body = api.get(grant.getKey(), false, "/api/v1/me/grabs").body();
            Matcher item = Pattern.compile("\"packetId\":\"" + packet + "\",\"senderId\":\\d+,\"amount\":(\\d+)")
                    .matcher(body);
            if (!item.find() || Long.parseLong(item.group(1)) != grant.getValue() || item.find()) {
                return false;
            }
        }
        return true;
    }

    private static HttpResponse<String> grab(ProcessApi api, long user, String packet) throws Exception {
        return api.post(user, false, "/api/v1/packets/" + packet + "/grab", null);
    }

    private static String outcome(HttpResponse<String> grab) {
        Matcher outcome = OUTCOME.matcher(grab.body());
        return outcome.find() ? outcome.group(1) : null;
    }

    private static Long amount(HttpResponse<String> grab) {
        Matcher amount = AMOUNT.matcher(grab.body());
        return amount.find() ? Long.parseLong(amount.group(1)) : null;
    }

    /** A wheel with no prize stock: every draw wins the consolation. */
    private static String createWheel(ProcessApi api) throws Exception {
        Instant now = Instant.now();
        return api.createWheel(
                ADMIN,
                "{\"name\": \"Memory wheel\", \"drawCost\": 10, \"consolation\": {\"name\": \"nothing\", \"points\": 0},"
                        + " \"prizes\": [{\"name\": \"Phone\", \"stock\": 0}], \"startsAt\": \""
                        + now.minusSeconds(3600)
                        + "\", \"endsAt\": \"" + now.plusSeconds(3600) + "\"}");
    }

    private static long balance(ProcessApi api, long user) throws Exception {
        return accountField(api, user, "balance");
    }

    private static long points(ProcessApi api, long user) throws Exception {
        return accountField(api, user, "points");
    }

    private static long accountField(ProcessApi api, long user, String field) throws Exception {
        Matcher value = Pattern.compile("\"" + field + "\":(\\d+)")
                .matcher(api.get(user, false, "/api/v1/me/account").body());
        assertThat(value.find()).isTrue();
        return Long.parseLong(value.group(1));
    }

    private static void ok(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }

    /** The admission's metrics as Prometheus scrapes them (outside the API document, so a plain client). */
    private static List<String> metrics(ServiceProcess service) throws Exception {
        HttpResponse<String> scrape = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(service.baseUrl() + "/actuator/prometheus"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        List<String> lines = new ArrayList<>();
        for (String line : scrape.body().split("\n")) {
            if (line.startsWith("hongbao_grab_refused")
                    || line.startsWith("hongbao_redis_memory")
                    || line.startsWith("hongbao_persister_backlog")) {
                lines.add(line);
            }
        }
        return lines;
    }

    private int redisPort() throws Exception {
        for (String line : Files.readAllLines(dataDir.resolve("redis").resolve("redis.conf"))) {
            if (line.startsWith("port ")) {
                return Integer.parseInt(line.substring("port ".length()).trim());
            }
        }
        throw new IllegalStateException("no port in the embedded Redis' configuration");
    }

    /**
     * The service's own embedded servers, in both test modes: maxmemory is the whole Redis server's, so the test
     * needs a Redis of its own (ADR 0069: the fault suite runs once).
     */
    private static Map<String, String> environment() {
        Map<String, String> env = new HashMap<>();
        env.put("HONGBAO_REDIS_MAXMEMORY", "64MB");
        env.put("HONGBAO_REDPACKET_SHARDS", "16");
        return env;
    }

    /** {@code last-generated-id} of XINFO STREAM: moves with every entry added, never with a trim. */
    private static Object lastGeneratedId(RedisCommands<String, String> redis, String stream) {
        List<Object> info = redis.xinfoStream(stream);
        for (int i = 0; i + 1 < info.size(); i += 2) {
            if ("last-generated-id".equals(String.valueOf(info.get(i)))) {
                return info.get(i + 1);
            }
        }
        throw new IllegalStateException("XINFO STREAM " + stream + " has no last-generated-id: " + info);
    }
}
