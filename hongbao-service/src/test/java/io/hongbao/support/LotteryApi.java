package io.hongbao.support;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The Lottery wheels section of the HTTP contract as test code. */
public final class LotteryApi {

    private final Api api;
    private final WebTestClient http;

    public LotteryApi(Api api, WebTestClient http) {
        this.api = api;
        this.http = http;
    }

    /** A valid creation body: change what a test is about and post it with {@link #createWheel}. */
    public static Map<String, Object> wheelBody(Instant startsAt, Instant endsAt, Map<String, Integer> stockByPrize) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", "Spring wheel");
        body.put("drawCost", 10);
        body.put("consolation", Map.of("name", "3 points back", "points", 3));
        body.put(
                "prizes",
                stockByPrize.entrySet().stream()
                        .map(e -> Map.of("name", e.getKey(), "stock", e.getValue()))
                        .toList());
        body.put("startsAt", startsAt.toString());
        body.put("endsAt", endsAt.toString());
        body.put("hourlyWeights", Map.of("20", 3.0, "21", 3.0));
        return body;
    }

    public WebTestClient.ResponseSpec createWheel(Object body) {
        return api.postAsAdmin("/api/v1/admin/wheels", body);
    }

    public WheelJson createdWheel(Object body) {
        return createWheel(body)
                .expectStatus()
                .isCreated()
                .expectBody(WheelJson.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec wheel(long userId, String wheelId) {
        return api.getAs(userId, "/api/v1/wheels/" + wheelId);
    }

    public WheelJson wheelJson(String wheelId) {
        return wheel(1, wheelId)
                .expectStatus()
                .isOk()
                .expectBody(WheelJson.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec draw(long userId, String wheelId) {
        return draw(userId, wheelId, null);
    }

    public WebTestClient.ResponseSpec draw(long userId, String wheelId, String idempotencyKey) {
        HttpHeaders headers = new HttpHeaders();
        if (idempotencyKey != null) {
            headers.set("Idempotency-Key", idempotencyKey);
        }
        return http.post()
                .uri("/api/v1/wheels/" + wheelId + "/draw")
                .headers(h -> {
                    h.setBearerAuth(api.tokenFor(userId));
                    h.addAll(headers);
                })
                .exchange();
    }

    public DrawJson drawn(long userId, String wheelId) {
        return draw(userId, wheelId)
                .expectStatus()
                .isOk()
                .expectBody(DrawJson.class)
                .returnResult()
                .getResponseBody();
    }

    public DrawsJson myDraws(long userId) {
        return api.getAs(userId, "/api/v1/me/draws?limit=200")
                .expectStatus()
                .isOk()
                .expectBody(DrawsJson.class)
                .returnResult()
                .getResponseBody();
    }

    public record WheelJson(
            String id,
            String name,
            long drawCost,
            ConsolationJson consolation,
            List<PrizeJson> prizes,
            String startsAt,
            String endsAt,
            Map<String, Double> hourlyWeights) {

        public PrizeJson prize(String name) {
            return prizes.stream()
                    .filter(p -> p.name().equals(name))
                    .findFirst()
                    .orElseThrow();
        }
    }

    public record PrizeJson(String id, String name, long stock, long released, long won) {}

    public record ConsolationJson(String name, long points) {}

    public record PrizeRefJson(String id, String name) {}

    public record DrawJson(String drawId, PrizeRefJson prize, ConsolationJson consolation, long pointsLeft) {}

    public record DrawsJson(List<DrawItemJson> items) {}

    public record DrawItemJson(
            String drawId, String wheelId, PrizeRefJson prize, ConsolationJson consolation, String at) {}
}
