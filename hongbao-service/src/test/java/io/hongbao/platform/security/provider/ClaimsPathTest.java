package io.hongbao.platform.security.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClaimsPathTest {

    private static final Map<String, Object> KEYCLOAK = Map.of(
            "roles", List.of("top"),
            "realm_access", Map.of("roles", List.of("offline_access", "admin")),
            "resource_access", Map.of("hongbao-web", Map.of("roles", List.of("operator"))));

    @Test
    void findsATopLevelClaimAndOneInsideObjects() {
        assertThat(ClaimsPath.of("roles").find(KEYCLOAK)).isEqualTo(List.of("top"));
        assertThat(ClaimsPath.of("realm_access.roles").holds(KEYCLOAK, "admin")).isTrue();
        assertThat(ClaimsPath.of("resource_access.hongbao-web.roles").holds(KEYCLOAK, "operator"))
                .isTrue();
    }

    @Test
    void aPathThatLeadsNowhereFindsNothing() {
        assertThat(ClaimsPath.of("realm_access.groups").find(KEYCLOAK)).isNull();
        assertThat(ClaimsPath.of("roles.admin").find(KEYCLOAK))
                .as("through a list")
                .isNull();
        assertThat(ClaimsPath.of("nothing.at.all").holds(KEYCLOAK, "admin")).isFalse();
    }

    @Test
    void aSingleStringHoldsOnlyItself() {
        assertThat(ClaimsPath.of("role").holds(Map.of("role", "admin"), "admin"))
                .isTrue();
        assertThat(ClaimsPath.of("role").holds(Map.of("role", "administrator"), "admin"))
                .isFalse();
    }

    @Test
    void refusesAnEmptyName() {
        for (String bad : List.of("", ".", "realm_access.", ".roles", "a..b")) {
            assertThatThrownBy(() -> ClaimsPath.of(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
