package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.ProcessApi;
import io.hongbao.support.ServiceProcess;
import io.hongbao.support.TestStorage;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of the whole service in the middle of a storm of batched draws (ADR 0079). After a restart on the
 * same data and the draw recovery: every draw answered 200 is recorded with the outcome it was answered, every draw
 * answered 202 is recorded too, each drawer's points are exactly what they were granted less the cost of each recorded
 * draw plus its consolation (so no point was spent twice, nor for a draw that is not recorded), no more prizes are won
 * than the stock, and the audit (units won once, one outcome per draw, points exact) is ok.
 *
 * <p>Then a clean stop (SIGTERM) and a start on the same folder: every drawer's draws and points are still there.
 *
 * <p>A clean start says nothing alarming: the first start (an empty data folder) and the start after the clean stop,
 * the executable as the README runs it with its warm-up on, log no WARN or ERROR, and the JVM prints no warning of its
 * own (a class-data archive it cannot use, native access). An operator who sees one should be looking at a real
 * problem; the warm-up's requests once ended in an ERROR each start, their connections closed under them at its
 * deadline, and every migration run warned about Flyway's out-of-order mode. The start after the kill -9 is not
 * judged so: adopting orphaned servers is worth a warning.
 *
 * <p>Embedded mode only: the service process runs its own servers in its data folder (after the kill -9, the
 * restart adopts the orphaned ones).
 */
class KillDuringDrawStormIT {

    private static final Pattern DRAW =
            Pattern.compile("\"drawId\":\"([0-9a-z-]+)\",(?:\"wheelId\":\"[0-9a-z-]+\",)?\"prize\":(null|\\{[^}]*\\})");
    private static final Pattern POINTS = Pattern.compile("\"points\":(\\d+)");
    private static final int USERS = 150;
    private static final int DRAWS_PER_USER = 8;
    /** Enough for six draws at 10 (and some more with the consolations' points back): many users run out. */
    private static final long GRANT = 60;

    private static final int STOCK = 100;
    private static final long ADMIN = 1;
    private static final long FIRST_USER = 3_000_000_000L;

    @TempDir
    Path dataDir;

    @Test
    void everyAnsweredDrawIsRecordedWithItsOutcomeAndPointsSpentOnceAfterAKill9AndRestartAndStaysAfterACleanRestart()
            throws Exception {
        Assumptions.assumeFalse(TestStorage.external(), "the service process runs its own embedded servers");
        Map<String, String> env = Map.of(
                "HONGBAO_LOTTERY_DRAWRECOVERY_GRACE", "1s",
                "HONGBAO_LOTTERY_DRAWRECOVERY_EVERY", "500ms",
                "HONGBAO_RATELIMITS_PERUSER_DRAW_ENABLED", "false",
                // The warm-up as configured, shortened: its deadline is then met, the case that once cut requests off.
                "HONGBAO_REDPACKET_WARMUP_ENABLED", "true",
                "HONGBAO_REDPACKET_WARMUP_MAXDURATION", "3s");
        String wheel;
        List<Attempt> attempts = new ArrayList<>();
        ServiceLog log = new ServiceLog(dataDir.resolve("service.log"));
        ServiceProcess first = ServiceProcess.start(dataDir, env);
        try {
            log.assertStartSaidNothingAlarming("the first start, on an empty data folder");
            ProcessApi api = new ProcessApi(first, dataDir);
            wheel = createWheel(api);
            for (long user = FIRST_USER; user < FIRST_USER + USERS; user++) {
                HttpResponse<String> granted = api.post(
                        ADMIN, true, "/api/v1/admin/accounts/" + user + "/points", "{\"points\": " + GRANT + "}");
                assertThat(granted.statusCode()).as(granted.body()).isEqualTo(200);
            }
            AtomicInteger answered = new AtomicInteger();
            ExecutorService storm = Executors.newFixedThreadPool(48);
            List<Future<Attempt>> running = new ArrayList<>();
            for (int round = 0; round < DRAWS_PER_USER; round++) {
                for (long user = FIRST_USER; user < FIRST_USER + USERS; user++) {
                    long drawer = user;
                    running.add(storm.submit(() -> draw(api, drawer, wheel, answered)));
                }
            }
            // Kill in the thick of it: a good part answered, draws still in flight (some spent, some not yet).
            await().atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(5))
                    .until(() -> answered.get() >= running.size() / 3);
            first.killHard();
            for (Future<Attempt> attempt : running) {
                attempts.add(attempt.get());
            }
            storm.shutdownNow();
        } finally {
            first.killHard();
        }
        Map<String, String> answeredOutcomes = new HashMap<>();
        List<String> answeredPending = new ArrayList<>();
        for (Attempt attempt : attempts) {
            if (attempt.status() == 200) {
                answeredOutcomes.put(attempt.drawId(), attempt.prize());
            } else if (attempt.status() == 202) {
                answeredPending.add(attempt.drawId());
            }
        }
        long unanswered = attempts.stream().filter(a -> a.status() == 0).count();
        assertThat(answeredOutcomes)
                .as("the storm was killed after some draws were answered")
                .isNotEmpty();
        assertThat(unanswered).as("the storm was killed with draws in flight").isPositive();

        Map<Long, Map<String, String>> recorded = new HashMap<>();
        log.skipToEnd();
        try (ServiceProcess again = ServiceProcess.start(dataDir, env)) {
            ProcessApi api = new ProcessApi(again, dataDir);
            // Until every drawer's points agree with their recorded draws: a draw still pending has spent its points
            // without being recorded, so this waits for the recovery too.
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> pointsAgreeWithRecordedDraws(api, recorded));
            Map<String, String> all = new HashMap<>();
            recorded.values().forEach(all::putAll);
            answeredOutcomes.forEach((draw, prize) ->
                    assertThat(all).as("draw %s answered 200", draw).containsEntry(draw, prize));
            assertThat(all.keySet()).containsAll(answeredPending);
            long prizes = all.values().stream().filter(p -> !"null".equals(p)).count();
            assertThat(prizes).as("prizes won").isBetween(1L, (long) STOCK);
            HttpResponse<String> audit = api.get(ADMIN, true, "/api/v1/admin/audit");
            assertThat(audit.body()).as(audit.body()).startsWith("{\"ok\":true");
            System.out.printf(
                    "KillDuringDrawStormIT: %d attempts, %d answered 200 and %d answered 202 before kill -9, %d"
                            + " unanswered; after restart %d draws recorded (%d prizes of %d), every answered one with"
                            + " its outcome, points exact for all %d drawers, audit ok%n",
                    attempts.size(),
                    answeredOutcomes.size(),
                    answeredPending.size(),
                    unanswered,
                    all.size(),
                    prizes,
                    STOCK,
                    USERS);
        }

        // A clean stop (SIGTERM: the pools close, the embedded servers stop) and a start on the same folder keep it
        // all: every drawer's draws and points read back as they were.
        log.skipToEnd();
        try (ServiceProcess third = ServiceProcess.start(dataDir, env)) {
            log.assertStartSaidNothingAlarming("the start after a clean stop");
            Map<Long, Map<String, String>> afterCleanRestart = new HashMap<>();
            assertThat(pointsAgreeWithRecordedDraws(new ProcessApi(third, dataDir), afterCleanRestart))
                    .as("points agree with the draws after a clean restart")
                    .isTrue();
            assertThat(afterCleanRestart).isEqualTo(recorded);
        }
    }

    private static boolean pointsAgreeWithRecordedDraws(ProcessApi api, Map<Long, Map<String, String>> recorded)
            throws Exception {
        recorded.clear();
        for (long user = FIRST_USER; user < FIRST_USER + USERS; user++) {
            Map<String, String> draws = new HashMap<>();
            Matcher item = DRAW.matcher(
                    api.get(user, false, "/api/v1/me/draws?limit=200").body());
            while (item.find()) {
                assertThat(draws.put(item.group(1), item.group(2)))
                        .as("draw %s listed twice", item.group(1))
                        .isNull();
            }
            recorded.put(user, draws);
            long consolations = draws.values().stream().filter("null"::equals).count();
            Matcher points =
                    POINTS.matcher(api.get(user, false, "/api/v1/me/account").body());
            assertThat(points.find()).isTrue();
            long expected = GRANT - 10L * draws.size() + 3 * consolations;
            assertThat(Long.parseLong(points.group(1))).as("points of %d", user).isLessThanOrEqualTo(expected);
            if (Long.parseLong(points.group(1)) != expected) {
                return false;
            }
        }
        return true;
    }

    private static Attempt draw(ProcessApi api, long user, String wheel, AtomicInteger answered) {
        try {
            HttpResponse<String> response = api.post(user, false, "/api/v1/wheels/" + wheel + "/draw", null);
            answered.incrementAndGet();
            Matcher drawn = Pattern.compile("\"drawId\":\"([0-9a-z-]+)\"").matcher(response.body());
            Matcher prize = Pattern.compile("\"prize\":(null|\\{[^}]*\\})").matcher(response.body());
            return new Attempt(
                    user,
                    response.statusCode(),
                    drawn.find() ? drawn.group(1) : null,
                    prize.find() ? prize.group(1) : null);
        } catch (Exception killed) {
            return new Attempt(user, 0, null, null);
        }
    }

    private static String createWheel(ProcessApi api) throws Exception {
        Instant now = Instant.now();
        return api.createWheel(
                ADMIN,
                "{\"name\": \"Storm wheel\", \"drawCost\": 10, \"consolation\": {\"name\": \"back\", \"points\": 3},"
                        + " \"prizes\": [{\"name\": \"Mug\", \"stock\": " + STOCK + "}], \"startsAt\": \""
                        + now.minus(Duration.ofDays(2)) + "\", \"endsAt\": \"" + now.plus(Duration.ofHours(1)) + "\"}");
    }

    /** @param status 0 when the kill cut the request off; prize the answer's prize JSON, "null" for a consolation */
    private record Attempt(long user, int status, String drawId, String prize) {}
}
