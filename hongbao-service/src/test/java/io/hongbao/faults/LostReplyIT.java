package io.hongbao.faults;

import static io.hongbao.support.FaultReport.counts;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.redis.LuaScript;
import io.hongbao.support.FaultReport;
import io.hongbao.support.FaultRig;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.StormJudge.Verdict;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A lost reply: the grab script ran in Redis, and its answer never reached the service (a proxy between them drops
 * every reply after the grab's request, then cuts the connection). The grabber is told that the outcome is unknown and
 * a retry is safe; the retry answers ALREADY_GRABBED with the amount the lost reply carried, credited once. Grabs
 * caught behind it on the same connection end the same way.
 *
 * <p>Unlike {@code GrabDuringRedisStallIT} (Redis holds the script back and runs it late, on the same connection),
 * here the script runs at once and the connection dies with its answer: the service must reconnect, and whatever it
 * sends again after reconnecting must not grant twice.
 */
class LostReplyIT {

    private static final Duration HOLD = Duration.ofSeconds(7);
    private static final long GRABBER = 2_000_000_000L;
    private static final int OTHERS = 60;
    private static final Pattern AMOUNT = Pattern.compile("\"amount\":(\\d+)");

    @Test
    void aGrabWhoseReplyWasLostIsAnsweredAlreadyGrabbedWithTheSameAmountOnRetryAndCreditedOnce() throws Exception {
        FaultReport report = new FaultReport("LostReplyIT");
        try (FaultRig rig = FaultRig.startBehindProxy("LostReplyIT", Map.of())) {
            String packet = rig.sendPackets(1, 200, 50).get(0);
            rig.proxy().dropRepliesAfter(LuaScript.fromResource("grab_packets").sha(), HOLD);

            long start = System.nanoTime();
            AtomicLong answered = new AtomicLong();
            CompletableFuture<HttpResponse<String>> lost = CompletableFuture.supplyAsync(() -> {
                HttpResponse<String> response = grab(rig, GRABBER, packet);
                answered.set(System.nanoTime());
                return response;
            });
            assertThat(rig.proxy().awaitSprung(Duration.ofSeconds(10))).isTrue();
            GrabStorm storm = new GrabStorm(rig.service().baseUrl(), rig::token);
            List<Plan> plans = new ArrayList<>();
            for (long user = GRABBER + 1; user <= GRABBER + OTHERS; user++) {
                plans.add(new Plan(user, packet));
            }
            List<Attempt> caughtBehind = storm.run(plans, OTHERS);
            HttpResponse<String> first = lost.join();

            List<HttpResponse<String>> retried = new ArrayList<>();
            HttpResponse<String> retry = first;
            while (retry.statusCode() != 200 && retried.size() < 100) {
                Thread.sleep(200);
                retry = grab(rig, GRABBER, packet);
                retried.add(retry);
            }
            List<Attempt> retries = retryUntilDecided(storm, caughtBehind);
            List<Attempt> answers = new ArrayList<>(caughtBehind);
            answers.addAll(retries);
            answers.add(asAttempt(GRABBER, packet, retry));
            rig.judge().awaitRecorded(answers, Duration.ofSeconds(60));
            Verdict verdict = rig.judge().judge(answers, List.of(packet));
            Map<Long, Long> balances = balances(rig, GRABBER, GRABBER + OTHERS);
            report.line(
                            "the grab whose reply was lost: %d %s after %d ms; decided at its retry number %d: %s",
                            first.statusCode(),
                            first.body(),
                            FaultReport.millis(answered.get() - start),
                            retried.size(),
                            retry.body())
                    .line(
                            "%d grabs caught behind it: %s; their retries: %s",
                            OTHERS, counts(caughtBehind), counts(retries))
                    .line("judge: %s", verdict.summary())
                    .print();

            assertThat(first.statusCode()).isEqualTo(503);
            assertThat(first.body()).contains("\"code\":\"UNAVAILABLE\"").contains("retrying is safe");
            assertThat(retry.statusCode()).isEqualTo(200);
            assertThat(retry.body()).contains("\"outcome\":\"ALREADY_GRABBED\"");
            long amount = amountIn(retry.body());
            assertThat(rowAmount(rig, GRABBER, packet)).isEqualTo(amount);
            assertThat(balances.get(GRABBER)).as("credited once").isEqualTo(amount);
            assertThat(counts(FaultCalls.neitherDecidedNorUnavailable(caughtBehind)))
                    .isEqualTo("none");
            assertThat(retries).allSatisfy(a -> assertThat(a.outcome()).isIn("GRABBED", "ALREADY_GRABBED"));
            for (Attempt answer : answers) {
                if (answer.holdsAmount()) {
                    assertThat(balances.get(answer.user()))
                            .as("user %d credited once", answer.user())
                            .isEqualTo(answer.amount());
                }
            }
            assertThat(verdict.held()).as(verdict.summary()).isTrue();
        }
    }

    /** Users whose grab was not decided ask again, a moment apart, until it is. */
    private static List<Attempt> retryUntilDecided(GrabStorm storm, List<Attempt> answers) throws Exception {
        List<Attempt> retries = new ArrayList<>();
        for (Attempt answer : answers) {
            Attempt last = answer;
            for (int i = 0; last.status() != 200 && i < 100; i++) {
                Thread.sleep(200);
                last = storm.attempt(new Plan(answer.user(), answer.packetId()));
                retries.add(last);
            }
        }
        return retries;
    }

    private static HttpResponse<String> grab(FaultRig rig, long user, String packet) {
        try {
            return rig.api().post(user, false, "/api/v1/packets/" + packet + "/grab", null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Attempt asAttempt(long user, String packet, HttpResponse<String> response) {
        return new Attempt(
                user,
                packet,
                response.statusCode(),
                response.body().contains("ALREADY_GRABBED") ? "ALREADY_GRABBED" : "GRABBED",
                amountIn(response.body()),
                null,
                null,
                0,
                0);
    }

    private static long amountIn(String body) {
        Matcher amount = AMOUNT.matcher(body);
        assertThat(amount.find()).as(body).isTrue();
        return Long.parseLong(amount.group(1));
    }

    private static long rowAmount(FaultRig rig, long user, String packet) throws Exception {
        try (Connection db = rig.servers().dataSource().getConnection();
                PreparedStatement sql =
                        db.prepareStatement("SELECT amount FROM packet_grabs WHERE packet_id = ? AND user_id = ?")) {
            sql.setString(1, packet);
            sql.setLong(2, user);
            try (ResultSet rs = sql.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getLong(1);
            }
        }
    }

    private static Map<Long, Long> balances(FaultRig rig, long from, long to) throws Exception {
        Map<Long, Long> balances = new HashMap<>();
        try (Connection db = rig.servers().dataSource().getConnection();
                PreparedStatement sql =
                        db.prepareStatement("SELECT user_id, balance FROM accounts WHERE user_id BETWEEN ? AND ?")) {
            sql.setLong(1, from);
            sql.setLong(2, to);
            try (ResultSet rs = sql.executeQuery()) {
                while (rs.next()) {
                    balances.put(rs.getLong(1), rs.getLong(2));
                }
            }
        }
        return balances;
    }
}
