package io.hongbao.platform.security.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ProviderMetadataTest {

    private static final String ISSUER = "https://id.example.com/realms/hongbao";

    @Test
    void theDocumentIsAtTheIssuersWellKnownPath() {
        assertThat(ProviderMetadata.location(ISSUER))
                .isEqualTo(URI.create(ISSUER + "/.well-known/openid-configuration"));
        assertThat(ProviderMetadata.location(ISSUER + "/"))
                .isEqualTo(URI.create(ISSUER + "/.well-known/openid-configuration"));
    }

    @Test
    void readsTheKeysAndTheSignInEndpoints() {
        ProviderMetadata metadata = ProviderMetadata.parse(document(ISSUER), ISSUER);

        assertThat(metadata.jwksUri()).isEqualTo(URI.create(ISSUER + "/protocol/openid-connect/certs"));
        assertThat(metadata.authorizationEndpoint()).isEqualTo(URI.create(ISSUER + "/protocol/openid-connect/auth"));
        assertThat(metadata.tokenEndpoint()).isEqualTo(URI.create(ISSUER + "/protocol/openid-connect/token"));
    }

    @Test
    void refusesADocumentOfAnotherIssuer() {
        assertThatThrownBy(() -> ProviderMetadata.parse(document("https://evil.example.com"), ISSUER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("evil.example.com");
    }

    @Test
    void refusesADocumentWithoutKeys() {
        assertThatThrownBy(() -> ProviderMetadata.parse("{\"issuer\": \"" + ISSUER + "\"}", ISSUER))
                .hasMessageContaining("jwks_uri");
        assertThatThrownBy(() -> ProviderMetadata.parse("<html>", ISSUER)).hasMessageContaining("JSON");
    }

    private static String document(String issuer) {
        return """
                {"issuer": "%1$s", "jwks_uri": "%2$s/protocol/openid-connect/certs",
                 "authorization_endpoint": "%2$s/protocol/openid-connect/auth",
                 "token_endpoint": "%2$s/protocol/openid-connect/token"}
                """.formatted(issuer, ISSUER);
    }
}
