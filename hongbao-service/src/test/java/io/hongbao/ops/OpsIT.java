package io.hongbao.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import io.hongbao.ops.application.InstanceBoard;
import io.hongbao.ops.application.InstanceFigures;
import io.hongbao.ops.application.IntervalFigures;
import io.hongbao.ops.application.PublishingFigures;
import io.hongbao.ops.infrastructure.RedisInstanceBoard;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.GrabPersister;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.SecondInstance;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;

/**
 * {@code GET /api/v1/admin/ops} (ADR 0077): admin only, the deployment's rates during a grab storm, every instance on
 * the same Redis, and only the ones still publishing.
 */
class OpsIT extends IntegrationTest {

    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {};

    @LocalServerPort
    int port;

    @Autowired
    PublishingFigures publishing;

    @Autowired
    InstanceBoard board;

    @Autowired
    RedisConnection redis;

    @Autowired
    StorageEndpoints storage;

    @Autowired
    JwtSecret secret;

    @Autowired
    PacketKeys keys;

    @Autowired
    GrabPersister persister;

    @Test
    void theSnapshotNeedsAToken() {
        http.get().uri("/api/v1/admin/ops").exchange().expectStatus().isUnauthorized();
    }

    @Test
    void theSnapshotIsForAdminsOnly() {
        http.get()
                .uri("/api/v1/admin/ops")
                .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                .exchange()
                .expectStatus()
                .isForbidden();
    }

    @Test
    void duringAGrabStormTheSnapshotShowsGrabsPerSecondAndTheOutcomesAddUpToThem() throws Exception {
        long sender = newUser();
        api().deposit(sender, 1_000_000).expectStatus().isOk();
        String packet = new RedPacketApi(http, this::tokenFor)
                .sendOk(sender, 1_000_000, 1000, "RANDOM", null, null)
                .id();
        AtomicBoolean enough = new AtomicBoolean();
        GrabStorm storm = new GrabStorm("http://127.0.0.1:" + port, this::tokenFor);
        CompletableFuture<?> grabbing = CompletableFuture.runAsync(() -> {
            try {
                storm.runUntil(() -> new Plan(newUser(), packet), 4, 200, enough::get);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            Map<String, Object> busy = await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    // GRABBED: the start-up warm-up's own grabs (NOT_FOUND) may still be in the first seconds.
                    .until(this::snapshot, s -> number(map(totals(s), "outcomesPerSecond"), "GRABBED") > 0);

            Map<String, Object> totals = totals(busy);
            Map<String, Object> outcomes = map(totals, "outcomesPerSecond");
            assertThat(outcomes).containsOnlyKeys(IntervalFigures.OUTCOMES);
            double sum = outcomes.values().stream()
                    .mapToDouble(v -> ((Number) v).doubleValue())
                    .sum();
            assertThat(sum).isCloseTo(number(totals, "grabsPerSecond"), within(1e-6));
            assertThat(number(totals, "grabsPerSecond")).isPositive();
            Map<String, Object> latency = map(totals, "grabLatencyMillis");
            assertThat(number(latency, "p50")).isPositive().isLessThanOrEqualTo(number(latency, "p99"));
            Map<String, Object> mine = instance(busy, publishing.id());
            assertThat(number(mine, "grabsPerSecond")).isPositive();
        } finally {
            enough.set(true);
            grabbing.join();
        }
    }

    @Test
    void theSnapshotShowsThePersisterTheAuditRedisAndTheOutbox() {
        Map<String, Object> snapshot = snapshot();

        Map<String, Object> persister = map(snapshot, "persister");
        assertThat(number(persister, "backlog")).isGreaterThanOrEqualTo(0);
        assertThat((List<?>) persister.get("shards")).hasSizeLessThanOrEqualTo(20);
        assertThat(number(map(snapshot, "deadLetters"), "count")).isGreaterThanOrEqualTo(0);
        assertThat(map(snapshot, "audit").get("status")).isIn("UP", "FAILED", "UNKNOWN");
        Map<String, Object> redisView = map(snapshot, "redis");
        assertThat(redisView.get("mode")).isEqualTo("standalone");
        List<?> nodes = (List<?>) redisView.get("nodes");
        assertThat(nodes).hasSize(1);
        assertThat(((Map<?, ?>) nodes.get(0)).get("appendonly")).isIn("yes", "no");
        // No bus in the shared context: the money events are off, nothing waits (ADR 0096).
        Map<String, Object> outbox = map(snapshot, "outbox");
        assertThat(outbox.get("on")).isEqualTo(false);
        assertThat(number(outbox, "backlog")).isZero();
        assertThat((List<?>) outbox.get("shards")).isNotEmpty();
    }

    @Test
    void eventsThePersisterHasNotRecordedShowAsTheirShardsBacklogWithTheAgeOfTheOldest() throws Exception {
        long sender = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        String packet = packets.sendOk(sender, 1_000, 10, "EQUAL", null, null).id();
        int shard = keys.shardOf(new PacketId(packet));

        persister.stop();
        try {
            for (int i = 0; i < 3; i++) {
                packets.grabOk(newUser(), packet);
            }
            Thread.sleep(1_500);

            Map<String, Object> behind =
                    await().atMost(Duration.ofSeconds(5)).until(this::snapshot, s -> shardOf(s, shard) != null);
            Map<String, Object> mine = shardOf(behind, shard);
            assertThat(number(mine, "backlog")).isGreaterThanOrEqualTo(3);
            assertThat(number(mine, "lagMillis")).isGreaterThanOrEqualTo(1_500);
            assertThat(number(map(behind, "persister"), "maxLagMillis")).isGreaterThanOrEqualTo(1_500);
        } finally {
            persister.start();
        }
        await().atMost(Duration.ofSeconds(30)).until(this::snapshot, s -> shardOf(s, shard) == null);
    }

    @Test
    void aDeadLetterIsCountedAndTheOldestNamed() {
        int shard = 5;
        String deadLetter = redis.sync()
                .xadd(keys.deadLetters(shard), Map.of("id", "1-1", "reason", "OpsIT: a dead letter for the dashboard"));
        try {
            Map<String, Object> snapshot = await().atMost(Duration.ofSeconds(5))
                    .until(this::snapshot, s -> number(map(s, "deadLetters"), "count") > 0);
            Map<String, Object> oldest = map(map(snapshot, "deadLetters"), "oldest");
            assertThat(oldest)
                    .containsEntry("shard", shard)
                    .containsEntry("entryId", "1-1")
                    .containsEntry("reason", "OpsIT: a dead letter for the dashboard");
        } finally {
            redis.sync().xdel(keys.deadLetters(shard), deadLetter);
        }
    }

    @Test
    void aSecondInstanceOnTheSameRedisIsSeenAndLeavesTheSnapshotOnceItStops() {
        String second;
        try (SecondInstance other = SecondInstance.start(storage, secret, "ops-second-instance")) {
            second = other.bean(PublishingFigures.class).id();
            assertThat(second).isNotEqualTo(publishing.id());

            Map<String, Object> both =
                    await().atMost(Duration.ofSeconds(10)).until(this::snapshot, s -> ids(s).contains(second));
            assertThat(ids(both)).contains(publishing.id(), second);
        }
        // Up means seen within 5 s: gone from the snapshot within about that, while its entry waits a minute.
        await().atMost(Duration.ofSeconds(10)).until(this::snapshot, s -> !ids(s).contains(second));
        assertThat(redis.sync().hexists(RedisInstanceBoard.KEY, second)).isTrue();
    }

    @Test
    void anInstanceSilentForAMinuteIsTakenOffTheBoardAndOneSilentForSecondsIsDownButKept() {
        Instant now = Instant.now();
        board.publish(new InstanceFigures(
                "gone-host:1:0001", "gone-host", now.minusSeconds(600), now.minusSeconds(120), IntervalFigures.idle()));
        board.publish(new InstanceFigures(
                "quiet-host:2:0002",
                "quiet-host",
                now.minusSeconds(600),
                now.minusSeconds(10),
                IntervalFigures.idle()));

        await().atMost(Duration.ofSeconds(5))
                .until(() -> !redis.sync().hexists(RedisInstanceBoard.KEY, "gone-host:1:0001"));
        assertThat(redis.sync().hexists(RedisInstanceBoard.KEY, "quiet-host:2:0002"))
                .isTrue();
        assertThat(ids(snapshot()))
                .doesNotContain("quiet-host:2:0002", "gone-host:1:0001")
                .contains(publishing.id());
        board.forget(List.of("quiet-host:2:0002"));
    }

    private Map<String, Object> snapshot() {
        return http.get()
                .uri("/api/v1/admin/ops")
                .headers(h -> h.setBearerAuth(adminToken()))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(JSON)
                .returnResult()
                .getResponseBody();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> shardOf(Map<String, Object> snapshot, int shard) {
        return ((List<Map<String, Object>>) map(snapshot, "persister").get("shards"))
                .stream()
                        .filter(s -> ((Number) s.get("shard")).intValue() == shard)
                        .findFirst()
                        .orElse(null);
    }

    private static List<String> ids(Map<String, Object> snapshot) {
        return ((List<?>) snapshot.get("instances"))
                .stream().map(i -> (String) ((Map<?, ?>) i).get("id")).toList();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> instance(Map<String, Object> snapshot, String id) {
        return ((List<Map<String, Object>>) snapshot.get("instances"))
                .stream()
                        .filter(i -> id.equals(i.get("id")))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(id + " is not in " + snapshot.get("instances")));
    }

    private static Map<String, Object> totals(Map<String, Object> snapshot) {
        return map(snapshot, "totals");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> json, String field) {
        return (Map<String, Object>) json.get(field);
    }

    private static double number(Map<String, Object> json, String field) {
        return ((Number) json.get(field)).doubleValue();
    }
}
