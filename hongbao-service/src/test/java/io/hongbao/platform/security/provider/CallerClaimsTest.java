package io.hongbao.platform.security.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.security.OidcSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallerClaimsTest {

    private static final Instant EXP = Instant.parse("2026-11-28T12:00:00Z");

    @Test
    void aNumericSubjectIsTheUserIdAndTheRolesClaimMakesTheAdmin() {
        CallerClaims claims = new CallerClaims(settings("user-ids", "sub", "roles"));

        assertThat(claims.read(Map.of("sub", "7", "roles", List.of("admin")), EXP))
                .isEqualTo(ProviderCaller.known(7, true, EXP));
        assertThat(claims.read(Map.of("sub", "8"), EXP)).isEqualTo(ProviderCaller.known(8, false, EXP));
    }

    @Test
    void anotherClaimMayHoldTheUserIdAsAJsonInteger() {
        CallerClaims claims = new CallerClaims(settings("user-ids", "hongbao_uid", "roles"));

        assertThat(claims.read(Map.of("sub", "f81d4fae", "hongbao_uid", 42L), EXP)
                        .userId())
                .isEqualTo(42);
    }

    @Test
    void aUserIdClaimThatIsNotAUserIdIsRefused() {
        CallerClaims claims = new CallerClaims(settings("user-ids", "sub", "roles"));

        for (Object bad : List.of("alice", "0", "-4", "1.5", "+7", "007", "9007199254740992", 0L, 12.0, List.of(7))) {
            assertThatThrownBy(() -> claims.read(Map.of("sub", bad), EXP))
                    .as("%s", bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sub");
        }
        assertThatThrownBy(() -> claims.read(Map.of(), EXP)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMappedSubjectIsKeptAsTheProviderSaysIt() {
        CallerClaims claims = new CallerClaims(settings("mapped", "sub", "realm_access.roles"));

        ProviderCaller caller = claims.read(
                Map.of(
                        "sub",
                        "6c1f2a0e-41d5-4d5e-9d2b-6f1c2f7f0c11",
                        "realm_access",
                        Map.of("roles", List.of("offline_access", "admin"))),
                EXP);

        assertThat(caller).isEqualTo(ProviderCaller.toMap("6c1f2a0e-41d5-4d5e-9d2b-6f1c2f7f0c11", true, EXP));
        assertThat(caller.needsMapping()).isTrue();
    }

    @Test
    void aMappedSubjectIsOneTo255PrintableAsciiCharacters() {
        CallerClaims claims = new CallerClaims(settings("mapped", "sub", "roles"));

        for (Object bad : List.of("", "a b", "用户", "a".repeat(256), 7L)) {
            assertThatThrownBy(() -> claims.read(Map.of("sub", bad), EXP))
                    .as("%s", bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(claims.read(Map.of("sub", "a".repeat(255)), EXP).subject()).hasSize(255);
    }

    @Test
    void theAdminRoleElsewhereOrMissingIsNoAdmin() {
        CallerClaims claims = new CallerClaims(settings("mapped", "sub", "realm_access.roles"));

        for (Map<String, Object> noAdmin : List.<Map<String, Object>>of(
                Map.of("sub", "s"),
                Map.of("sub", "s", "roles", List.of("admin")),
                Map.of("sub", "s", "realm_access", "admin"),
                Map.of("sub", "s", "realm_access", Map.of("roles", List.of("administrator"))))) {
            assertThat(claims.read(noAdmin, EXP).admin()).as("%s", noAdmin).isFalse();
        }
    }

    static OidcSettings settings(String subjects, String userIdClaim, String adminClaim) {
        return new OidcSettings(
                "https://id.example.com/realms/hongbao",
                "hongbao-api",
                "",
                "",
                subjects,
                userIdClaim,
                adminClaim,
                "admin",
                Duration.ofSeconds(30),
                Duration.ofMinutes(5),
                Duration.ofSeconds(10));
    }
}
