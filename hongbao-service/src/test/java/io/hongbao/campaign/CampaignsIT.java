package io.hongbao.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.IntegrationTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.reactive.server.WebTestClient;

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
        int shares = 1_000;
        long total = 150_000;
        String campaign = open(sponsor, total, shares, 50, 250, 120);
        List<Long> people = new ArrayList<>();
        for (int i = 0; i < 1_500; i++) {
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

    @Test
    void aCampaignInTwoRoundsSaysWhenEachStartsAndGivesEachPersonOneShareOverBoth() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        Instant first = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        Instant second = first.plusSeconds(3);
        Map<String, Object> body = request(sponsor, 1_000, 10, 100, 100, 0);
        body.remove("lastsSeconds");
        body.put("rounds", List.of(round(first, 2, 4), round(second, 60, 6)));
        String campaign = api().openCampaign(body);
        long early = newUser();
        long late = newUser();

        WebTestClient.BodyContentSpec before = grabCall(early, campaign)
                .expectStatus()
                .isOk()
                .expectHeader()
                .exists(HttpHeaders.RETRY_AFTER)
                .expectBody();
        before.jsonPath("$.outcome")
                .isEqualTo("NOT_STARTED")
                .jsonPath("$.startsAt")
                .isEqualTo(first.toString());
        await().atMost(Duration.ofSeconds(10)).until(() -> !Instant.now().isBefore(first));
        assertThat(grab(early, campaign)).containsEntry("outcome", "GRABBED").containsEntry("amount", 100);
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(live(late, campaign))
                        .as("the live counter, at most a second old")
                        .containsEntry("round", 0)
                        .containsEntry("sharesLeft", 3));

        await().atMost(Duration.ofSeconds(10)).until(() -> !Instant.now().isBefore(first.plusSeconds(2)));
        assertThat(grab(late, campaign))
                .as("between the rounds")
                .containsEntry("outcome", "NOT_STARTED")
                .containsEntry("startsAt", second.toString());
        await().atMost(Duration.ofSeconds(10)).until(() -> !Instant.now().isBefore(second));
        assertThat(grab(early, campaign))
                .as("once in the whole campaign")
                .containsEntry("outcome", "ALREADY_GRABBED")
                .containsEntry("amount", 100);
        assertThat(grab(late, campaign)).containsEntry("outcome", "GRABBED");

        List<String> firstRound = pools(campaign, 0);
        await().atMost(Duration.ofSeconds(30)).until(() -> refunded(firstRound) != null);
        assertThat(refunded(firstRound))
                .as("what the first round left, returned at its end")
                .isEqualTo(300);
        assertThat(recorded(pools(campaign, 1))).containsOnlyKeys(late);
        String single = api().openCampaign(request(sponsor, 1_000, 10, 100, 100, 60));
        assertThat(newestListed(2))
                .as("the list, as each campaign's own view has it, rounds included")
                .containsExactly(view(single), view(campaign));
    }

    private List<Map<String, Object>> newestListed(int limit) {
        Map<String, List<Map<String, Object>>> list = http.get()
                .uri("/api/v1/campaigns?limit=" + limit)
                .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(new ParameterizedTypeReference<Map<String, List<Map<String, Object>>>>() {})
                .returnResult()
                .getResponseBody();
        return list.get("campaigns");
    }

    private Map<String, Object> view(String campaign) {
        return http.get()
                .uri("/api/v1/campaigns/" + campaign)
                .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(new ParameterizedTypeReference<Map<String, Object>>() {})
                .returnResult()
                .getResponseBody();
    }

    @Test
    void aGroupsCampaignIsForItsMembersAndRoundsThatDoNotHoldTogetherOpenNothing() {
        long sponsor = newUser();
        long member = newUser();
        long stranger = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        String group =
                (String) api().postAs(sponsor, "/api/v1/groups", Map.of("name", "family", "members", List.of(member)))
                        .expectStatus()
                        .isCreated()
                        .expectBody(Map.class)
                        .returnResult()
                        .getResponseBody()
                        .get("id");
        Map<String, Object> forGroup = request(sponsor, 1_000, 10, 50, 150, 60);
        forGroup.put("groupId", group);
        String campaign = api().openCampaign(forGroup);

        grabCall(stranger, campaign)
                .expectStatus()
                .isEqualTo(403)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_A_MEMBER");
        assertThat(grab(member, campaign)).containsEntry("outcome", "GRABBED");

        Instant start = Instant.now().plusSeconds(60);
        Map<String, Object> overlapping = request(sponsor, 1_000, 10, 100, 100, 0);
        overlapping.remove("lastsSeconds");
        overlapping.put("rounds", List.of(round(start, 60, 5), round(start.plusSeconds(30), 60, 5)));
        Map<String, Object> unknownGroup = request(sponsor, 1_000, 10, 100, 100, 60);
        unknownGroup.put("groupId", "nosuchgroup00");
        Map<String, Object> both = request(sponsor, 1_000, 10, 100, 100, 60);
        both.put("rounds", List.of(round(start, 60, 10)));
        for (Map<String, Object> refused : List.of(overlapping, unknownGroup, both)) {
            api().postAsAdmin("/api/v1/admin/campaigns", refused)
                    .expectStatus()
                    .isEqualTo(400)
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("VALIDATION_FAILED");
        }
        assertThat(api().balanceOf(sponsor))
                .as("only the group's campaign was funded")
                .isEqualTo(9_000);
    }

    @Test
    void onceInEachRoundAPersonTakesAShareOfEachAndTheAuditTellsAShareTooManyOrACampaignThatDoesNotAddUp() {
        long sponsor = newUser();
        api().deposit(sponsor, 10_000).expectStatus().isOk();
        Instant first = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant second = first.plusSeconds(2);
        Map<String, Object> body = request(sponsor, 1_000, 10, 100, 100, 0);
        body.remove("lastsSeconds");
        body.put("oncePer", "ROUND");
        body.put("rounds", List.of(round(first, 2, 5), round(second, 60, 5)));
        String campaign = api().openCampaign(body);
        long person = newUser();

        assertThat(grab(person, campaign)).containsEntry("outcome", "GRABBED");
        await().atMost(Duration.ofSeconds(10)).until(() -> !Instant.now().isBefore(second));
        assertThat(grab(person, campaign)).as("once in each round").containsEntry("outcome", "GRABBED");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> recorded(pools(campaign, 1)).containsKey(person));
        assertThat(campaignsCheck()).containsEntry("ok", true);

        jdbc.sql("UPDATE campaigns SET once_per = 'CAMPAIGN', total = total + 1 WHERE id = ?")
                .param(campaign)
                .update();
        try {
            assertThat(campaignsCheck())
                    .containsEntry("ok", false)
                    .extractingByKey("detail")
                    .asString()
                    .contains("1 people with two shares of one", "1 whose pools do not add up");
        } finally {
            jdbc.sql("UPDATE campaigns SET once_per = 'ROUND', total = total - 1 WHERE id = ?")
                    .param(campaign)
                    .update();
        }
        assertThat(campaignsCheck()).containsEntry("ok", true);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> campaignsCheck() {
        List<Map<String, Object>> checks =
                (List<Map<String, Object>>) api().audit().get("checks");
        return checks.stream()
                .filter(check -> "campaigns-hold-together".equals(check.get("name")))
                .findFirst()
                .orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> live(long person, String campaign) {
        return http.get()
                .uri("/api/v1/campaigns/" + campaign + "/live")
                .headers(h -> h.setBearerAuth(tokenFor(person)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
    }

    private static Map<String, Object> round(Instant startsAt, long durationSeconds, int shares) {
        return Map.of("startsAt", startsAt.toString(), "durationSeconds", durationSeconds, "shares", shares);
    }

    private List<String> pools(String campaign, int round) {
        return jdbc.sql("SELECT packet_id FROM campaign_pools WHERE campaign_id = ? AND round = ? ORDER BY pool")
                .param(campaign)
                .param(round)
                .query(String.class)
                .list();
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

    private Map<String, Object> grab(long person, String campaign) {
        return api().grabCampaign(person, campaign);
    }

    private WebTestClient.ResponseSpec grabCall(long person, String campaign) {
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
