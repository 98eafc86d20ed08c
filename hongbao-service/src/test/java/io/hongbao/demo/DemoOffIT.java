package io.hongbao.demo;

import io.hongbao.support.TestStorage;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * docs/api.md, Demo sign-in, turned off ({@code hongbao.demo.enabled=false}, as in external mode): its path does not
 * exist. A context of its own (closed after), so its answers are not checked against the shared OpenAPI document,
 * which is the shared context's, where the demo is on.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "hongbao.demo.enabled=false")
@AutoConfigureWebTestClient(timeout = "30s")
@DirtiesContext
@Tag(TestStorage.TAG)
class DemoOffIT {

    @Autowired
    WebTestClient http;

    @DynamicPropertySource
    static void storage(DynamicPropertyRegistry registry) {
        TestStorage.register(registry, TestStorage.runDataDir().resolveSibling(Path.of("demo-off")));
    }

    @Test
    void saysItIsOff() {
        http.get().uri("/demo").exchange().expectStatus().isOk().expectBody().json("{\"enabled\": false}", true);
    }

    @Test
    void theTokenPathDoesNotExist() {
        http.post()
                .uri("/demo/token")
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"userId\": 7}")
                .exchange()
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
    }

    @Test
    void theOpenApiDocumentDoesNotListIt() {
        http.get()
                .uri("/v3/api-docs")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.paths['/demo/token']")
                .doesNotExist()
                .jsonPath("$.paths['/demo']")
                .exists();
    }
}
