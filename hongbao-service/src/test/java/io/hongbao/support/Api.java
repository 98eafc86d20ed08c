package io.hongbao.support;

import java.util.Map;
import java.util.function.LongFunction;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The HTTP contract as test code: one method per call, signed as the given user or as an admin. */
public final class Api {

    private final WebTestClient http;
    private final LongFunction<String> tokenFor;
    private final String adminToken;

    public Api(WebTestClient http, LongFunction<String> tokenFor, String adminToken) {
        this.http = http;
        this.tokenFor = tokenFor;
        this.adminToken = adminToken;
    }

    public WebTestClient.ResponseSpec deposit(long userId, long amount) {
        return postAsAdmin("/api/v1/admin/accounts/" + userId + "/deposits", Map.of("amount", amount));
    }

    public WebTestClient.ResponseSpec grantPoints(long userId, long points) {
        return postAsAdmin("/api/v1/admin/accounts/" + userId + "/points", Map.of("points", points));
    }

    public WebTestClient.ResponseSpec account(long userId) {
        return getAs(userId, "/api/v1/me/account");
    }

    public WebTestClient.ResponseSpec ledger(long userId) {
        return getAs(userId, "/api/v1/me/ledger");
    }

    public long balanceOf(long userId) {
        return account(userId)
                .expectStatus()
                .isOk()
                .expectBody(AccountJson.class)
                .returnResult()
                .getResponseBody()
                .balance();
    }

    public long pointsOf(long userId) {
        return account(userId)
                .expectStatus()
                .isOk()
                .expectBody(AccountJson.class)
                .returnResult()
                .getResponseBody()
                .points();
    }

    /** The audit's body as a map: {@code ok}, {@code scope} and {@code checks}; read it with {@link AuditChecks}. */
    public Map<String, Object> audit() {
        return auditAt("/api/v1/admin/audit");
    }

    /** The audit in that scope ({@code full} or {@code recent}). */
    public Map<String, Object> audit(String scope) {
        return auditAt("/api/v1/admin/audit?scope=" + scope);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> auditAt(String uri) {
        return http.get()
                .uri(uri)
                .headers(h -> h.setBearerAuth(adminToken))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec postAsAdmin(String path, Object body) {
        return http.post()
                .uri(path)
                .headers(h -> h.setBearerAuth(adminToken))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    /** Opens a campaign (docs/api.md, Campaigns) as the admin; answers its id. */
    public String openCampaign(Map<String, Object> body) {
        return (String) postAsAdmin("/api/v1/admin/campaigns", body)
                .expectStatus()
                .isCreated()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody()
                .get("id");
    }

    /** A campaign grab's answer, which is 200 whatever the outcome. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> grabCampaign(long userId, String campaign) {
        return http.post()
                .uri("/api/v1/campaigns/" + campaign + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor.apply(userId)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec postAs(long userId, String path, Object body) {
        return http.post()
                .uri(path)
                .headers(h -> h.setBearerAuth(tokenFor.apply(userId)))
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    /** A raw request: the body is sent exactly as given, for malformed-input tests. */
    public WebTestClient.ResponseSpec postRaw(String token, String path, String rawBody, HttpHeaders extra) {
        return http.post()
                .uri(path)
                .headers(h -> {
                    if (token != null) {
                        h.setBearerAuth(token);
                    }
                    h.addAll(extra);
                })
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(rawBody)
                .exchange();
    }

    public WebTestClient.ResponseSpec getAs(long userId, String path) {
        return http.get()
                .uri(path)
                .headers(h -> h.setBearerAuth(tokenFor.apply(userId)))
                .exchange();
    }

    public String adminToken() {
        return adminToken;
    }

    public String tokenFor(long userId) {
        return tokenFor.apply(userId);
    }

    public record AccountJson(long userId, long balance, long points) {}
}
