package io.hongbao.support;

import io.hongbao.platform.security.TokenIssuer;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Base of the integration tests: the whole service on a random port, on real Redis and MariaDB (see
 * {@link TestStorage}). All subclasses share one application context, so tests never assume an empty database: each
 * works with users of its own from {@link #newUser()}. What the tests exchange with the service is checked against its
 * OpenAPI document ({@link ApiContract}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "30s")
@Tag(TestStorage.TAG)
public abstract class IntegrationTest {

    /** Unique per run and per test, far from the small ids people type by hand. */
    private static final AtomicLong NEXT_USER =
            new AtomicLong(1_000_000_000L + ThreadLocalRandom.current().nextLong(1_000_000_000_000L));

    private static final long ADMIN_USER = 1;

    /** The service's HTTP client; every answer it receives is checked against the OpenAPI document. */
    protected WebTestClient http;

    @Autowired
    protected TokenIssuer tokens;

    @Autowired
    void http(WebTestClient client) {
        this.http = client.mutate()
                .filter(ApiContract.ofTheService(client).filter())
                .build();
    }

    @DynamicPropertySource
    static void storage(DynamicPropertyRegistry registry) {
        TestStorage.register(registry);
    }

    protected static long newUser() {
        return NEXT_USER.getAndIncrement();
    }

    protected String tokenFor(long userId) {
        return tokens.issue(userId, false, Duration.ofHours(1));
    }

    protected String adminToken() {
        return tokens.issue(ADMIN_USER, true, Duration.ofHours(1));
    }

    /** What {@code /actuator/prometheus} answers now, in the Prometheus text format. */
    protected String prometheusScrape() {
        return http.get()
                .uri("/actuator/prometheus")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(String.class)
                .returnResult()
                .getResponseBody();
    }

    /** The service's OpenAPI document, as it serves it ({@code /v3/api-docs}). */
    protected JsonNode apiDocument() {
        return JsonMapper.shared()
                .readTree(http.get()
                        .uri("/v3/api-docs")
                        .exchange()
                        .expectStatus()
                        .isOk()
                        .expectBody()
                        .returnResult()
                        .getResponseBody());
    }

    protected Api api() {
        return new Api(http, this::tokenFor, adminToken());
    }
}
