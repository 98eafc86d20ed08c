package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class LimitedRoutesTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Bucket grab = new Bucket("grab", new RateLimitSettings.Limit(true, 20, 40), registry);
    private final Bucket send = new Bucket("send", new RateLimitSettings.Limit(true, 5, 10), registry);
    private final LimitedRoutes routes = new LimitedRoutes(List.of(
            LimitedRoutes.Route.of("POST", "/api/v1/packets/{id}/grab", grab),
            LimitedRoutes.Route.of("post", "/api/v1/packets", send)));

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
