package io.hongbao.support;

import io.hongbao.platform.security.TokenIssuer;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Base of the tests of tokens from an OpenID Connect provider (ADR 0097): the whole service, configured with the
 * shared {@link Keycloak}'s realm as its issuer, subjects mapped to user ids and the admin role in Keycloak's realm
 * roles. One application context for all of them (its own data folder: it runs beside the shared one). Tagged
 * {@code own-servers} too: what they check does not depend on where Redis and MariaDB run, so CI's external pass leaves
 * them out. Skipped, with one line, where Keycloak cannot run.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "30s")
@Tag(TestStorage.TAG)
@Tag(TestStorage.OWN_SERVERS)
public abstract class ProviderIntegrationTest {

    protected WebTestClient http;

    /** The service's own HS256 tokens, which it still accepts beside the provider's. */
    @Autowired
    protected TokenIssuer tokens;

    @LocalServerPort
    protected int port;

    @BeforeAll
    static void needsKeycloak() {
        Keycloak.assumeAvailable();
    }

    @Autowired
    void http(WebTestClient client) {
        this.http = client.mutate()
                .filter(ApiContract.ofTheService(client).filter())
                .build();
    }

    @DynamicPropertySource
    static void provider(DynamicPropertyRegistry registry) {
        // A folder of this JVM's own: the embedded servers of two test JVMs must not share one.
        Path shared = TestStorage.runDataDir();
        TestStorage.register(registry, shared.resolveSibling(shared.getFileName() + "-provider"));
        Keycloak keycloak = Keycloak.shared();
        registry.add("hongbao.security.oidc.issuer", keycloak::issuer);
        registry.add("hongbao.security.oidc.audience", () -> Keycloak.AUDIENCE);
        registry.add("hongbao.security.oidc.client-id", () -> Keycloak.WEB_CLIENT);
        registry.add("hongbao.security.oidc.name", () -> "Keycloak");
        registry.add("hongbao.security.oidc.subjects", () -> "mapped");
        registry.add("hongbao.security.oidc.admin-claim", () -> "realm_access.roles");
        // Short, so that a token expires within a test and a rotated key is fetched at once.
        registry.add("hongbao.security.oidc.leeway", () -> "1s");
        registry.add("hongbao.security.oidc.ask-at-most-every", () -> "1s");
    }

    protected String baseUrl() {
        return "http://localhost:" + port;
    }
}
