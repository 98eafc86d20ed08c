package io.hongbao.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Campaigns end to end on the embedded Redis and MariaDB (ADR 0103): a crowd taps at once and again, every share goes
 * to exactly one person, nobody gets two, the answers add up to the total and the database records each grant once;
 * what nobody took returns to the sponsor once the campaign ends, exactly once; a sponsor short of money opens nothing.
 */
class CampaignsIT extends IntegrationTest {

    @Autowired
    JdbcClient jdbc;

    @Autowired
    PacketKeys keys;

    @Autowired
    RedisConnection redis;

    @Test
    void aCrowdTappingTwiceTakesEveryShareOnceNobodyTwiceAndTheDatabaseRecordsEachGrantOnce() throws Exception {
        long sponsor = newUser();
        api().deposit(sponsor, 1_000_000).expectStatus().isOk();
        int shares = 2_000;
        long total = 300_000;
        String campaign = open(sponsor, total, shares, 50, 250, 120);
        List<Long> people = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            people.add(newUser());
        }
        List<Long> taps = new ArrayList<>(people);
        taps.addAll(people);
        Collections.shuffle(taps, new Random(29));

        Map<Long, List<Map<String, Object>>> answers = new ConcurrentHashMap<>();
        ExecutorService crowd = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (long person : taps) {
                running.add(crowd.submit(
                        () -> answers.computeIfAbsent(person, p -> Collections.synchronizedList(new ArrayList<>()))
                                .add(grab(person, campaign))));
            }
            for (Future<?> tap : running) {
                tap.get();
            }
        } finally {
            crowd.shutdown();
        }

        Map<Long, Long> amounts = new HashMap<>();
        Map<String, Integer> outcomes = new LinkedHashMap<>();
        for (Map.Entry<Long, List<Map<String, Object>>> person : answers.entrySet()) {
            for (Map<String, Object> answer : person.getValue()) {
                String outcome = (String) answer.get("outcome");
                outcomes.merge(outcome, 1, Integer::sum);
                if (answer.get("amount") != null) {
                    long amount = ((Number) answer.get("amount")).longValue();
                    Long before = amounts.putIfAbsent(person.getKey(), amount);
                    assertThat(before == null || before == amount)
                            .as("person %d is answered one amount", person.getKey())
                            .isTrue();
                }
            }
        }
        assertThat(outcomes.keySet())
                .as("outcomes %s", outcomes)
                .containsOnly("GRABBED", "ALREADY_GRABBED", "SOLD_OUT");
        assertThat(outcomes.get("GRABBED")).as("every share granted once").isEqualTo(shares);
        assertThat(amounts).hasSize(shares);
        assertThat(amounts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
        assertThat(amounts.values()).allSatisfy(amount -> assertThat(amount).isBetween(50L, 250L));

        List<String> pools = pools(campaign);
        await().atMost(Duration.ofSeconds(30)).until(() -> recorded(pools).size() == shares);
        Map<Long, Long> rows = recorded(pools);
        assertThat(rows)
                .as("the database records each person's grant once, with the amount answered")
                .isEqualTo(amounts);
        for (long person : amounts.keySet().stream().limit(20).toList()) {
            assertThat(api().balanceOf(person)).isEqualTo(amounts.get(person));
        }
        assertThat(api().balanceOf(sponsor)).isEqualTo(1_000_000 - total);
        assertThat(api().audit()).containsEntry("ok", true);
    }

    @Test
    void whatNobodyTookReturnsToTheSponsorOnceWhenTheCampaignEnds() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        String campaign = open(sponsor, 5_000, 100, 10, 90, 3);
        long taken = 0;
        for (int i = 0; i < 30; i++) {
            Map<String, Object> answer = grab(newUser(), campaign);
            assertThat(answer.get("outcome")).isEqualTo("GRABBED");
            taken += ((Number) answer.get("amount")).longValue();
        }
        long grabbed = taken;
        List<String> pools = pools(campaign);

        await().atMost(Duration.ofSeconds(30))
                .until(() -> refunded(pools) != null && refunded(pools) == 5_000 - grabbed);
        assertThat(grab(newUser(), campaign).get("outcome")).isEqualTo("EXPIRED");
        assertThat(api().balanceOf(sponsor)).isEqualTo(10_000 - grabbed);
        assertThat(api().audit()).containsEntry("ok", true);
    }

    @Test
    void aPoolRedisLostIsRebuiltFromTheDatabaseByTheGrabThatFindsItMissing() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        Map<String, Object> body = request(sponsor, 1_000, 10, 10, 190, 120);
        body.put("pools", 1);
        String campaign = (String) api().postAsAdmin("/api/v1/admin/campaigns", body)
                .expectStatus()
                .isCreated()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody()
                .get("id");
        long first = newUser();
        Map<String, Object> granted = grab(first, campaign);
        assertThat(granted.get("outcome")).isEqualTo("GRABBED");
        List<String> pools = pools(campaign);
        await().atMost(Duration.ofSeconds(10)).until(() -> recorded(pools).size() == 1);

        PacketId pool = new PacketId(pools.get(0));
        redis.sync().del(keys.packet(pool), keys.shares(pool), keys.grabbed(pool), keys.members(pool));

        assertThat(grab(first, campaign))
                .as("rebuilt with the share it gave: the same amount again, not a second share")
                .containsEntry("outcome", "ALREADY_GRABBED")
                .containsEntry("amount", granted.get("amount"));
        assertThat(grab(newUser(), campaign)).containsEntry("outcome", "GRABBED");
    }

    @Test
    void campaignGrabsAreTimedByOutcomeInsteadOfAsHttpServerRequests() {
        long sponsor = newUser();
        api().deposit(sponsor, 1_000).expectStatus().isOk();
        String campaign = open(sponsor, 1_000, 10, 10, 190, 120);

        assertThat(grab(newUser(), campaign).get("outcome")).isEqualTo("GRABBED");

        String metrics = prometheusScrape();
        assertThat(metrics).contains("hongbao_campaign_grab_requests_seconds_count{outcome=\"GRABBED\"}");
        assertThat(metrics.lines())
                .noneMatch(line -> line.contains("method=\"POST\"") && line.contains("/campaigns/{id}/grab\""));
    }

    @Test
    void aSponsorShortOfTheTotalOpensNothingAndKeepsTheirMoney() {
        long sponsor = newUser();
        api().deposit(sponsor, 1_000).expectStatus().isOk();
        long campaignsBefore =
                jdbc.sql("SELECT COUNT(*) FROM campaigns").query(Long.class).single();

        api().postAsAdmin("/api/v1/admin/campaigns", request(sponsor, 5_000, 100, 10, 90, 60))
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("INSUFFICIENT_FUNDS");

        assertThat(api().balanceOf(sponsor)).isEqualTo(1_000);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM campaigns").query(Long.class).single())
                .isEqualTo(campaignsBefore);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM red_packets WHERE sender_id = ?")
                        .param(sponsor)
                        .query(Long.class)
                        .single())
                .isZero();
    }

    @Test
    void aCampaignTheRulesCannotCutIsRefusedAndAnUnknownOneIsNotFound() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();

        api().postAsAdmin("/api/v1/admin/campaigns", request(sponsor, 99, 10, 10, 20, 60))
                .expectStatus()
                .isEqualTo(400)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED");
        grabCall(newUser(), "nosuchcampaign0").expectStatus().isEqualTo(404);
        assertThat(api().balanceOf(sponsor)).isEqualTo(10_000);
    }

    private String open(long sponsor, long total, int shares, long min, long max, long lastsSeconds) {
        @SuppressWarnings("unchecked")
        Map<String, Object> opened = api().postAsAdmin(
                        "/api/v1/admin/campaigns", request(sponsor, total, shares, min, max, lastsSeconds))
                .expectStatus()
                .isCreated()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
        assertThat(opened).containsEntry("shares", shares).containsEntry("type", "RANDOM");
        return (String) opened.get("id");
    }

    private static Map<String, Object> request(
            long sponsor, long total, int shares, long min, long max, long lastsSeconds) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("sponsor", sponsor);
        body.put("greeting", "rain");
        body.put("total", total);
        body.put("shares", shares);
        body.put("type", "RANDOM");
        body.put("minShare", min);
        body.put("maxShare", max);
        body.put("lastsSeconds", lastsSeconds);
        return body;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> grab(long person, String campaign) {
        return grabCall(person, campaign)
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec grabCall(
            long person, String campaign) {
        return http.post()
                .uri("/api/v1/campaigns/" + campaign + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(person)))
                .exchange();
    }

    private List<String> pools(String campaign) {
        return jdbc.sql("SELECT packet_id FROM campaign_pools WHERE campaign_id = ? ORDER BY pool")
                .param(campaign)
                .query(String.class)
                .list();
    }

    private Map<Long, Long> recorded(List<String> pools) {
        Map<Long, Long> rows = new HashMap<>();
        AtomicInteger twice = new AtomicInteger();
        jdbc.sql("SELECT user_id, amount FROM packet_grabs WHERE packet_id IN (:pools)")
                .param("pools", pools)
                .query(rs -> {
                    if (rows.put(rs.getLong("user_id"), rs.getLong("amount")) != null) {
                        twice.incrementAndGet();
                    }
                });
        assertThat(twice).as("people recorded twice").hasValue(0);
        return rows;
    }

    private Long refunded(List<String> pools) {
        List<Long> refunds = jdbc.sql("SELECT refunded_amount FROM red_packets WHERE id IN (:pools)")
                .param("pools", pools)
                .query((rs, row) -> rs.getObject("refunded_amount") == null ? null : rs.getLong("refunded_amount"))
                .list();
        if (refunds.contains(null)) {
            return null;
        }
        return refunds.stream().mapToLong(Long::longValue).sum();
    }
}
