package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OidcSettingsTest {

    @Test
    void withoutAnIssuerProviderTokensAreOff() {
        OidcSettings off = settings("", "", "user-ids", "roles", Duration.ofSeconds(30));

        assertThat(off.on()).isFalse();
        assertThat(off.origin()).isEmpty();
    }

    @Test
    void anIssuerNeedsAnAudience() {
        assertThatThrownBy(() -> settings("https://id.example.com/realms/x", " ", "user-ids", "roles", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HONGBAO_OIDC_AUDIENCE");
    }

    @Test
    void theIssuerIsHttpsOrHttpOnThisMachine() {
        for (String good : List.of(
                "https://id.example.com/realms/hongbao",
                "http://localhost:8180/realms/hongbao",
                "http://127.0.0.1:1")) {
            assertThat(settings(good, "api", "user-ids", "roles", Duration.ZERO).on())
                    .as(good)
                    .isTrue();
        }
        for (String bad : List.of(
                "http://id.example.com/realms/hongbao",
                "ftp://id.example.com",
                "id.example.com",
                "https://id.example.com/?x=1",
                "https://id.example.com/#f")) {
            assertThatThrownBy(() -> settings(bad, "api", "user-ids", "roles", Duration.ZERO))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("HONGBAO_OIDC_ISSUER");
        }
    }

    @Test
    void thePageMayCallTheIssuersOrigin() {
        assertThat(settings("https://id.example.com:8443/realms/hongbao", "api", "mapped", "roles", Duration.ZERO)
                        .origin())
                .isEqualTo("https://id.example.com:8443");
    }

    @Test
    void refusesNonsense() {
        String issuer = "https://id.example.com";
        assertThatThrownBy(() -> settings(issuer, "api", "uuid", "roles", Duration.ZERO))
                .hasMessageContaining("hongbao.security.oidc.subjects");
        assertThatThrownBy(() -> settings(issuer, "api", "mapped", "realm_access..roles", Duration.ZERO))
                .hasMessageContaining("hongbao.security.oidc.admin-claim");
        assertThatThrownBy(() -> settings(issuer, "api", "mapped", "roles", Duration.ofSeconds(-1)))
                .hasMessageContaining("hongbao.security.oidc.leeway");
        assertThatThrownBy(() -> settings(issuer, "api", "mapped", "roles", Duration.ofMinutes(6)))
                .hasMessageContaining("at most");
        assertThatThrownBy(() -> new OidcSettings(
                        issuer,
                        "api",
                        "",
                        "",
                        "mapped",
                        "sub",
                        "roles",
                        "admin",
                        Duration.ZERO,
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(10)))
                .hasMessageContaining("ask-at-most-every");
    }

    private static OidcSettings settings(
            String issuer, String audience, String subjects, String adminClaim, Duration leeway) {
        return new OidcSettings(
                issuer,
                audience,
                "",
                "",
                subjects,
                "sub",
                adminClaim,
                "admin",
                leeway == null ? Duration.ZERO : leeway,
                Duration.ofMinutes(5),
                Duration.ofSeconds(10));
    }
}
