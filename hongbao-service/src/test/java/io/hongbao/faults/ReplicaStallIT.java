package io.hongbao.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hongbao.support.FaultReport;
import io.hongbao.support.FaultRig;
import io.hongbao.support.ProcessApi;
import io.hongbao.support.RedisReplica;
import io.hongbao.support.TestStorage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Acknowledged means replicated (ADR 0073): the service's Redis is a primary with one replica (the machine's
 * {@code redis-server}, replicating the rig's). While the replica acknowledges, grabs answer GRABBED; while it is
 * stalled (SIGSTOP: connected, acknowledging nothing), a grab that ran on the primary answers 503 with the retry-safe
 * message, never GRABBED, and a draw whose points are spent answers 202 PENDING, never its prize; nor does the
 * persister write such a grab to the database while no replica has it (ADR 0102). Once the replica is back, the grab's retry answers ALREADY_GRABBED with the amount the database records once, and the draw's repeat
 * (same Idempotency-Key) answers its one outcome.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicaStallIT {

    private static final Pattern OUTCOME = Pattern.compile("\"outcome\"\\s*:\\s*\"([A-Z_]+)\"");
    private static final Pattern AMOUNT = Pattern.compile("\"amount\"\\s*:\\s*(\\d+)");
    private static final Pattern DRAW_ID = Pattern.compile("\"drawId\"\\s*:\\s*\"([^\"]+)\"");
    private static final long FIRST_USER = 4_000_000_000L;
    private static final int STALLED_GRABS = 5;
    private static final int REPLICATED_GRABS = 20;
    private static final Duration HOLD_THE_STALL = Duration.ofMillis(3500);

    private final HttpClient http = HttpClient.newHttpClient();

    /**
     * One stage for both tests: each stalls the replica and resumes it before it ends, and each works with users and
     * a packet or wheel of its own.
     */
    private FaultRig rig;

    private RedisReplica replica;

    @BeforeAll
    void startTheRigWithAReplica() throws Exception {
        assumeTrue(RedisReplica.available(), "needs " + RedisReplica.SERVER + " for the replica");
        String name = "ReplicaStallIT";
        Path folder = TestStorage.runDataDir().resolve(name);
        rig = FaultRig.start(name, Map.of());
        replica = RedisReplica.start(folder.resolve("replica"), rig.servers().redisUrl());
    }

    @AfterAll
    void stopTheReplicaThenTheRig() throws Exception {
        if (replica != null) {
            replica.close();
        }
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void aGrabNoReplicaConfirmedAnswers503AndItsRetryAnswersAlreadyGrabbedWithTheAmountRecordedOnce() throws Exception {
        String packet = rig.sendPackets(1, 1000, 10).get(0);
        ProcessApi api = rig.api();
        AtomicLong users = new AtomicLong(FIRST_USER);

        // auto: the service counts the replica within a sample period, from then on every grab waits for it
        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> {
                    HttpResponse<String> grab = grab(api, users.incrementAndGet(), packet);
                    assertThat(outcome(grab)).as(grab.body()).isEqualTo("GRABBED");
                    return waits(rig) > 0;
                });
        long user = users.get();
        double before = waits(rig);
        long replicatedStart = System.nanoTime();
        for (int i = 0; i < REPLICATED_GRABS; i++) {
            HttpResponse<String> grab = grab(api, ++user, packet);
            assertThat(grab.statusCode()).as(grab.body()).isEqualTo(200);
            assertThat(outcome(grab)).isEqualTo("GRABBED");
        }
        long replicatedNanos = System.nanoTime() - replicatedStart;
        assertThat(waits(rig)).as("WAITs sent for the grabs").isGreaterThan(before);
        double waitSeconds = metric(rig, "hongbao_redis_replica_wait_seconds_sum");
        double waitCount = metric(rig, "hongbao_redis_replica_wait_seconds_count");

        JdbcClient db = JdbcClient.create(rig.servers().dataSource());
        List<Long> stalledUsers = new ArrayList<>();
        List<HttpResponse<String>> stalledAnswers = new ArrayList<>();
        List<Long> recordedWhileStalled = new ArrayList<>();
        long stalledStart;
        long stalledNanos;
        replica.stall();
        try {
            stalledStart = System.nanoTime();
            for (int i = 0; i < STALLED_GRABS; i++) {
                stalledUsers.add(++user);
                stalledAnswers.add(grab(api, user, packet));
            }
            stalledNanos = System.nanoTime() - stalledStart;
            // Time for the persister's round, its WAIT's timeout, and a reclaim of the entries it left pending (the
            // rig: claim-idle 2 s, reclaim every 1 s): were it to write what no replica has, it would have by now.
            Thread.sleep(HOLD_THE_STALL.toMillis());
            for (long stalled : stalledUsers) {
                if (!recorded(db, packet, stalled).isEmpty()) {
                    recordedWhileStalled.add(stalled);
                }
            }
        } finally {
            replica.resume();
        }
        new FaultReport("ReplicaStallIT")
                .line(
                        "%d grabs one after another with the replica up: %.1f ms each on average, all GRABBED",
                        REPLICATED_GRABS, replicatedNanos / 1e6 / REPLICATED_GRABS)
                .line(
                        "WAIT with the replica up: %.0f sent, %.2f ms each on average (the service's timer; grabs' and"
                                + " persister's)",
                        waitCount, waitSeconds * 1000 / waitCount)
                .line(
                        "%d grabs with the replica stalled: %.1f ms each on average, statuses %s",
                        STALLED_GRABS,
                        stalledNanos / 1e6 / STALLED_GRABS,
                        stalledAnswers.stream().map(HttpResponse::statusCode).toList())
                .print();

        assertThat(stalledAnswers).allSatisfy(answer -> {
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
            assertThat(answer.body())
                    .contains("\"UNAVAILABLE\"")
                    .contains("not confirmed by a Redis replica")
                    .contains("retrying is safe");
        });
        assertThat(recordedWhileStalled)
                .as("grabs no replica has are not written to the database: a failover could lose them from Redis")
                .isEmpty();
        for (long stalled : stalledUsers) {
            HttpResponse<String> retry = await().atMost(Duration.ofSeconds(20))
                    .until(() -> grab(api, stalled, packet), answer -> answer.statusCode() != 503);
            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(200);
            assertThat(outcome(retry))
                    .as("the grab happened on the primary before its WAIT timed out")
                    .isEqualTo("ALREADY_GRABBED");
            long amount = amount(retry);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> recorded(db, packet, stalled).size() == 1);
            assertThat(recorded(db, packet, stalled))
                    .as("the database records the grab once, with the amount the retry answered")
                    .containsExactly(amount);
        }
        assertThat(replica.replicationInfo()).contains("master_link_status:up");
    }

    @Test
    void aDrawNoReplicaConfirmedAnswersPendingAndItsRepeatAnswersItsOneOutcome() throws Exception {
        String wheel = FaultCalls.wheel(rig);
        ProcessApi api = rig.api();
        long warmUser = FIRST_USER + 1_000_000;
        FaultCalls.points(rig, warmUser, 10_000);
        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(300))
                .until(() -> {
                    // a draw per try until the service waits for the replica (its count is sampled)
                    HttpResponse<String> drawn = draw(api, warmUser, wheel, "warm-" + System.nanoTime());
                    assertThat(drawn.statusCode()).as(drawn.body()).isEqualTo(200);
                    return waits(rig) > 0;
                });

        long user = FIRST_USER + 1_000_001;
        FaultCalls.points(rig, user, 100);
        String key = "stalled-draw-" + System.nanoTime();
        HttpResponse<String> pending;
        replica.stall();
        try {
            pending = draw(api, user, wheel, key);
        } finally {
            replica.resume();
        }

        assertThat(pending.statusCode()).as(pending.body()).isEqualTo(202);
        assertThat(pending.body()).contains("\"PENDING\"");
        String drawId = drawId(pending);
        HttpResponse<String> repeat = await().atMost(Duration.ofSeconds(30))
                .until(() -> draw(api, user, wheel, key), answer -> answer.statusCode() == 200);
        assertThat(drawId(repeat)).isEqualTo(drawId);
        JdbcClient db = JdbcClient.create(rig.servers().dataSource());
        assertThat(db.sql("SELECT COUNT(*) FROM lottery_draws WHERE user_id = ? AND status = 'DONE'")
                        .params(user)
                        .query(Long.class)
                        .single())
                .as("one draw, decided once")
                .isEqualTo(1);
        assertThat(db.sql("SELECT COUNT(*) FROM lottery_draws WHERE user_id = ?")
                        .params(user)
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
    }

    private static HttpResponse<String> grab(ProcessApi api, long user, String packet) throws Exception {
        return api.post(user, false, "/api/v1/packets/" + packet + "/grab", null);
    }

    private static HttpResponse<String> draw(ProcessApi api, long user, String wheel, String key) throws Exception {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Idempotency-Key", key);
        return api.post(user, false, "/api/v1/wheels/" + wheel + "/draw", null, headers);
    }

    private static List<Long> recorded(JdbcClient db, String packet, long user) {
        return db.sql("SELECT amount FROM packet_grabs WHERE packet_id = ? AND user_id = ?")
                .params(packet, user)
                .query(Long.class)
                .list();
    }

    /** WAITs the service has sent so far, from its Prometheus metrics. */
    private double waits(FaultRig rig) throws Exception {
        return metric(rig, "hongbao_redis_replica_waits_total");
    }

    /** One untagged series of the service's Prometheus metrics; 0 when absent. */
    private double metric(FaultRig rig, String name) throws Exception {
        HttpResponse<String> metrics = http.send(
                HttpRequest.newBuilder(URI.create(rig.service().baseUrl() + "/actuator/prometheus"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher value =
                Pattern.compile("(?m)^" + name + "(?:\\{[^}]*})? (\\S+)").matcher(metrics.body());
        return value.find() ? Double.parseDouble(value.group(1)) : 0;
    }

    private static String outcome(HttpResponse<String> answer) {
        return group(OUTCOME, answer.body());
    }

    private static long amount(HttpResponse<String> answer) {
        return Long.parseLong(group(AMOUNT, answer.body()));
    }

    private static String drawId(HttpResponse<String> answer) {
        return group(DRAW_ID, answer.body());
    }

    private static String group(Pattern pattern, String body) {
        Matcher matcher = pattern.matcher(body);
        if (!matcher.find()) {
            throw new IllegalStateException(pattern + " not in " + body);
        }
        return matcher.group(1);
    }
}
