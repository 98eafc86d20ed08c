package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.PrivateServers;
import io.hongbao.support.ProcessApi;
import io.hongbao.support.ServiceProcess;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of the whole service in the middle of a grab storm, on four database shards (ADR 0083, 0084), four
 * databases on a MariaDB of the test's own: the senders sit on different shards, so most grabs cross from a packet's
 * database to another grabber's, and a kill between the two steps of a grab's payout is as likely as anywhere. After
 * a restart on the same data, every grab that was answered GRABBED is in the database exactly once (its grabber's
 * history and balance show it), an expiring packet is refunded exactly once, and the audit (money conservation with
 * nothing left in flight) is ok.
 *
 * <p>One storm covers both layouts' risks: the sharded one has every step the single database has (a grab's row and
 * its legs) plus the cross-database payout. A kill -9 and restart of the embedded default on its own data folder (its
 * orphaned servers adopted again) is {@code KillDuringDrawStormIT}'s; an instance killed mid-storm on one database,
 * its entries reclaimed by another, is {@code ClusterIT}'s. The servers are the test's own whatever the test mode, so
 * it runs once.
 */
class KillDuringGrabStormIT {

    private static final int USERS = 300;
    private static final int PACKETS = 4;
    private static final int COUNT = 200;
    private static final long ADMIN = 1;

    @TempDir
    Path dataDir;

    @Test
    void onFourDatabaseShardsEveryAnsweredGrabIsRecordedOnceAfterAKill9AndRestart() throws Exception {
        try (PrivateServers servers = PrivateServers.start(dataDir.resolve("servers"))) {
            Map<String, String> env = new HashMap<>(servers.serviceEnv());
            env.remove("HONGBAO_DB_URL");
            String server = servers.jdbcUrl().substring(0, servers.jdbcUrl().indexOf('/', "jdbc:mariadb://".length()));
            List<String> shards = new ArrayList<>();
            for (int shard = 0; shard < 4; shard++) {
                shards.add(server + "/hongbao_kill9_" + shard + "?createDatabaseIfNotExist=true");
            }
            env.put("HONGBAO_DB_SHARDS", String.join(",", shards));
            env.put("HONGBAO_REDPACKET_PERSISTER_CLAIMIDLE", "2s");
            env.put("HONGBAO_REDPACKET_PERSISTER_RECLAIMEVERY", "1s");
            stormKillAndRestart(dataDir.resolve("service"), env);
            for (String shard : shards) {
                try (Connection db = DriverManager.getConnection(
                                shard, env.get("HONGBAO_DB_USER"), env.get("HONGBAO_DB_PASSWORD"));
                        Statement sql = db.createStatement();
                        var grabs = sql.executeQuery("SELECT COUNT(*) FROM packet_grabs")) {
                    grabs.next();
                    assertThat(grabs.getLong(1)).as("grab rows on %s", shard).isPositive();
                }
            }
        }
    }

    private void stormKillAndRestart(Path dataDir, Map<String, String> env) throws Exception {
        // Four senders, one on each of four database shards (user id modulo 4): with shards, their packets are too.
        long firstSender = 1_000_000_007L;
        List<String> packets = new ArrayList<>();
        String expiring;
        List<Attempt> attempts;
        ServiceProcess first = ServiceProcess.start(dataDir, env);
        try {
            ProcessApi api = new ProcessApi(first, dataDir);
            for (int i = 0; i < PACKETS; i++) {
                long sender = firstSender + i;
                assertThat(api.post(
                                        ADMIN,
                                        true,
                                        "/api/v1/admin/accounts/" + sender + "/deposits",
                                        "{\"amount\": 300000}")
                                .statusCode())
                        .isEqualTo(200);
                packets.add(api.sendPacket(sender, "{\"totalAmount\": 200000, \"count\": " + COUNT + "}"));
            }
            expiring = api.sendPacket(firstSender, "{\"totalAmount\": 50000, \"count\": 50, \"expiresInSeconds\": 3}");
            List<Plan> plans = new ArrayList<>();
            for (long user = 2_000_000_000L; user < 2_000_000_000L + USERS; user++) {
                for (String packet : packets) {
                    plans.add(new Plan(user, packet));
                    plans.add(new Plan(user, packet));
                }
                plans.add(new Plan(user, expiring));
            }
            TokenIssuer tokens = new TokenIssuer(JwtSecret.configuredOrKeptIn(null, dataDir));
            GrabStorm storm = new GrabStorm(first.baseUrl(), user -> tokens.issue(user, false, Duration.ofHours(1)));
            CompletableFuture<List<Attempt>> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return storm.run(plans, 32);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            // Kill in the thick of it: once a good part of the storm has been answered, with grabs still in flight.
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(5))
                    .until(() -> storm.answered() >= plans.size() / 3 || running.isDone());
            first.killHard();
            attempts = running.get();
        } finally {
            first.killHard();
        }
        long sender = firstSender;

        Map<Long, Map<String, Long>> answered = new HashMap<>();
        for (Attempt attempt : attempts) {
            if (attempt.granted()) {
                Long earlier = answered.computeIfAbsent(attempt.user(), u -> new HashMap<>())
                        .put(attempt.packetId(), attempt.amount());
                assertThat(earlier)
                        .as("a second GRABBED for the same user and packet")
                        .isNull();
            }
        }
        long grants = answered.values().stream().mapToLong(Map::size).sum();
        long unanswered = attempts.stream().filter(a -> a.status() == 0).count();
        assertThat(grants).as("the storm was killed after some grants").isPositive();

        try (ServiceProcess again = ServiceProcess.start(dataDir, env)) {
            ProcessApi api = new ProcessApi(again, dataDir);
            long restarted = System.nanoTime();
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> allRecorded(api, answered));
            Duration drained = Duration.ofNanos(System.nanoTime() - restarted);
            long duplicated = 0;
            for (Map.Entry<Long, Map<String, Long>> user : answered.entrySet()) {
                Map<String, Long> recorded = recordedGrabs(api, user.getKey());
                user.getValue()
                        .forEach((packet, amount) ->
                                assertThat(recorded.get(packet)).isEqualTo(amount));
                long expected =
                        recorded.values().stream().mapToLong(Long::longValue).sum();
                // On shards a grab is recorded on its packet's database a moment before its grabber's is credited.
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(100))
                        .untilAsserted(
                                () -> assertThat(balance(api, user.getKey())).isEqualTo(expected));
            }
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> api.get(sender, false, "/api/v1/packets/" + expiring)
                            .body()
                            .matches("(?s).*\"refundedAmount\":[1-9].*|(?s).*\"status\":\"SOLD_OUT\".*"));
            HttpResponse<String> audit = api.get(ADMIN, true, "/api/v1/admin/audit");
            assertThat(audit.body()).as(audit.body()).startsWith("{\"ok\":true");
            System.out.printf(
                    "KillDuringGrabStormIT: %d attempts, %d answered GRABBED before kill -9, %d unanswered;"
                            + " after restart all %d recorded exactly once (lost 0, duplicated %d),"
                            + " restart to fully recorded: %d ms%n",
                    attempts.size(), grants, unanswered, grants, duplicated, drained.toMillis());
        }
    }

    private static boolean allRecorded(ProcessApi api, Map<Long, Map<String, Long>> answered) throws Exception {
        for (Map.Entry<Long, Map<String, Long>> user : answered.entrySet()) {
            if (!recordedGrabs(api, user.getKey())
                    .keySet()
                    .containsAll(user.getValue().keySet())) {
                return false;
            }
        }
        return true;
    }

    /** packet → amount from the user's DB-backed history; fails on a packet listed twice. */
    private static Map<String, Long> recordedGrabs(ProcessApi api, long user) throws Exception {
        String body = api.get(user, false, "/api/v1/me/grabs?limit=200").body();
        Matcher item = Pattern.compile("\"packetId\":\"([0-9a-z]+)\",\"senderId\":\\d+,\"amount\":(\\d+)")
                .matcher(body);
        Map<String, Long> grabs = new HashMap<>();
        while (item.find()) {
            Long earlier = grabs.put(item.group(1), Long.parseLong(item.group(2)));
            assertThat(earlier)
                    .as("packet %s recorded twice for user %d", item.group(1), user)
                    .isNull();
        }
        return grabs;
    }

    private static long balance(ProcessApi api, long user) throws Exception {
        Matcher balance = Pattern.compile("\"balance\":(\\d+)")
                .matcher(api.get(user, false, "/api/v1/me/account").body());
        assertThat(balance.find()).isTrue();
        return Long.parseLong(balance.group(1));
    }
}
