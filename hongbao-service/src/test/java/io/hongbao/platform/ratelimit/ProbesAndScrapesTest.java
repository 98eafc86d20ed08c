package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

/** Which anonymous calls are never counted per address (docs/api.md, Rate limits, change 24). */
class ProbesAndScrapesTest {

    @Test
    void healthItsGroupsAndPrometheusAreProbesOrScrapes() {
        for (String path : new String[] {
            "/actuator/health",
            "/actuator/health/readiness",
            "/actuator/health/liveness",
            "/actuator/health/storage",
            "/actuator/health/audit",
            "/actuator/prometheus"
        }) {
            assertThat(RateLimitFilter.isProbeOrScrape(
                            MockServerHttpRequest.get(path).build()))
                    .as(path)
                    .isTrue();
        }
    }

    @Test
    void pagesDocsInfoAndLookalikesAreCounted() {
        for (String path : new String[] {
            "/",
            "/app.js",
            "/docs",
            "/v3/api-docs",
            "/actuator/info",
            "/actuator/healthz",
            "/actuator/prometheus/x",
            "/demo/token"
        }) {
            assertThat(RateLimitFilter.isProbeOrScrape(
                            MockServerHttpRequest.get(path).build()))
                    .as(path)
                    .isFalse();
        }
    }
}
