package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class RouteLimitsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Bucket grab = new Bucket("grab", new RateLimitSettings.Limit(true, 20, 40), registry);
    private final Bucket send = new Bucket("send", new RateLimitSettings.Limit(true, 5, 10), registry);
    private final RouteLimits routes = new RouteLimits(List.of(
            RouteLimits.Route.of(HttpMethod.POST, "/api/v1/packets/{id}/grab", grab),
            RouteLimits.Route.of(HttpMethod.POST, "/api/v1/packets", send)));

    @Test
    void aRouteMatchesItsMethodAndPathPattern() {
        assertThat(routes.match(MockServerHttpRequest.post("/api/v1/packets/abc123/grab")
                        .build()))
                .isSameAs(grab);
        assertThat(routes.match(MockServerHttpRequest.post("/api/v1/packets").build()))
                .isSameAs(send);
    }

    @Test
    void otherMethodsAndPathsHaveNoLimit() {
        assertThat(routes.match(
                        MockServerHttpRequest.get("/api/v1/packets/abc123/grab").build()))
                .isNull();
        assertThat(routes.match(
                        MockServerHttpRequest.get("/api/v1/packets/abc123").build()))
                .isNull();
        assertThat(routes.match(MockServerHttpRequest.post("/api/v1/packets/abc123/grab/more")
                        .build()))
                .isNull();
        assertThat(routes.match(MockServerHttpRequest.get("/actuator/health").build()))
                .isNull();
    }

    @Test
    void theDeclaredRoutesAreCountedInTheLimitTheyNameWithItsConfiguredNumbers() {
        RateLimitSettings settings = settings(Map.of(
                "grab", new RateLimitSettings.Limit(true, 20, 40), "send", new RateLimitSettings.Limit(false, 0, 0)));
        RouteLimits limits = RateLimitConfiguration.routeLimits(
                List.of(LimitedRoutes.of(
                        LimitedRoutes.Route.post("/api/v1/packets/{id}/grab", "grab"),
                        LimitedRoutes.Route.post("/api/v1/packets", "send"))),
                settings,
                registry);

        assertThat(limits.match(MockServerHttpRequest.post("/api/v1/packets/abc/grab")
                                .build())
                        .name())
                .isEqualTo("grab");
        assertThat(limits.match(MockServerHttpRequest.post("/api/v1/packets").build()))
                .as("send is turned off")
                .isNull();
    }

    @Test
    void aDeclaredLimitWithoutSettingsOrASettingWithoutRouteRefusesTheStart() {
        List<LimitedRoutes> draw =
                List.of(LimitedRoutes.of(LimitedRoutes.Route.post("/api/v1/wheels/{id}/draw", "draw")));

        assertThatThrownBy(() -> RateLimitConfiguration.routeLimits(draw, settings(Map.of()), registry))
                .hasMessageContaining("limited by 'draw', but hongbao.rate-limits.per-user.draw");
        assertThatThrownBy(() -> RateLimitConfiguration.routeLimits(
                        draw,
                        settings(Map.of(
                                "draw", new RateLimitSettings.Limit(true, 1, 1),
                                "drow", new RateLimitSettings.Limit(true, 1, 1))),
                        registry))
                .hasMessageContaining("hongbao.rate-limits.per-user.[drow] configured, but no route is limited by it");
    }

    @Test
    void aLimitedRouteRefusesAMalformedDeclaration() {
        assertThatThrownBy(() -> LimitedRoutes.Route.post("api/v1/packets", "send"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LimitedRoutes.Route.post("/api/v1/packets", "Send"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LimitedRoutes.Route.post("/api/{id", "send"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static RateLimitSettings settings(Map<String, RateLimitSettings.Limit> perUser) {
        return new RateLimitSettings(
                Duration.ofSeconds(1), new RateLimitSettings.Limit(true, 50, 100), List.of(), perUser);
    }

    @Test
    void retryAfterIsTheWaitRoundedUpToWholeSecondsAndAtLeastOne() {
        assertThat(Verdict.limited(50_000_000L).retryAfterSeconds()).isEqualTo(1);
        assertThat(Verdict.limited(0).retryAfterSeconds()).isEqualTo(1);
        assertThat(Verdict.limited(1_000_000_000L).retryAfterSeconds()).isEqualTo(1);
        assertThat(Verdict.limited(1_000_000_001L).retryAfterSeconds()).isEqualTo(2);
    }

    @Test
    void eachLimitHasItsOwnRedisKeysPerSubject() {
        assertThat(grab.key("7")).isEqualTo("rl:grab:7");
        assertThat(send.key("7")).isEqualTo("rl:send:7");
    }
}
