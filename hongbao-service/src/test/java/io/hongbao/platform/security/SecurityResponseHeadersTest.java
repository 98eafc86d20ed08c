package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.web.server.header.CacheControlServerHttpHeadersWriter;
import org.springframework.security.web.server.header.CompositeServerHttpHeadersWriter;
import org.springframework.security.web.server.header.ContentSecurityPolicyServerHttpHeadersWriter;
import org.springframework.security.web.server.header.ContentTypeOptionsServerHttpHeadersWriter;
import org.springframework.security.web.server.header.ReferrerPolicyServerHttpHeadersWriter;
import org.springframework.security.web.server.header.ServerHttpHeadersWriter;
import org.springframework.security.web.server.header.StrictTransportSecurityServerHttpHeadersWriter;
import org.springframework.security.web.server.header.XFrameOptionsServerHttpHeadersWriter;
import org.springframework.security.web.server.header.XXssProtectionServerHttpHeadersWriter;

class SecurityResponseHeadersTest {

    /** What ServerHttpSecurity.headers() installs by default, in its order, plus our content security policy. */
    private final ServerHttpHeadersWriter springDefaults = new CompositeServerHttpHeadersWriter(
            new CacheControlServerHttpHeadersWriter(),
            new ContentTypeOptionsServerHttpHeadersWriter(),
            new StrictTransportSecurityServerHttpHeadersWriter(),
            new XFrameOptionsServerHttpHeadersWriter(),
            new XXssProtectionServerHttpHeadersWriter(),
            new ReferrerPolicyServerHttpHeadersWriter(),
            contentSecurityPolicy());

    private static ServerHttpHeadersWriter contentSecurityPolicy() {
        ContentSecurityPolicyServerHttpHeadersWriter writer = new ContentSecurityPolicyServerHttpHeadersWriter();
        writer.setPolicyDirectives(SecurityResponseHeaders.CSP);
        return writer;
    }

    @Test
    void writesTheHeadersOfSpringSecuritysDefaultWritersOverHttp() {
        assertSameAsSpring(MockServerHttpRequest.post("http://localhost/api/v1/packets/x/grab"), Map.of());
    }

    @Test
    void addsStrictTransportSecurityOnlyOverHttps() {
        HttpHeaders written =
                assertSameAsSpring(MockServerHttpRequest.get("https://localhost/api/v1/me/account"), Map.of());

        assertThat(written.getFirst("Strict-Transport-Security")).isEqualTo(SecurityResponseHeaders.HSTS);
    }

    @Test
    void leavesTheCacheHeadersAloneWhenTheHandlerSetOne() {
        HttpHeaders written = assertSameAsSpring(
                MockServerHttpRequest.get("http://localhost/docs/index.html"),
                Map.of(HttpHeaders.CACHE_CONTROL, "max-age=3600"));

        assertThat(written.get(HttpHeaders.CACHE_CONTROL)).containsExactly("max-age=3600");
        assertThat(written.containsHeader(HttpHeaders.PRAGMA)).isFalse();
    }

    @Test
    void keepsAHeaderTheHandlerSet() {
        HttpHeaders written = assertSameAsSpring(
                MockServerHttpRequest.get("http://localhost/docs/index.html"), Map.of("X-Frame-Options", "SAMEORIGIN"));

        assertThat(written.get("X-Frame-Options")).containsExactly("SAMEORIGIN");
    }

    @Test
    void addsNoCacheHeadersToANotModifiedAnswer() {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("http://localhost/x"));
        exchange.getResponse().setStatusCode(HttpStatus.NOT_MODIFIED);

        new SecurityResponseHeaders().writeHttpHeaders(exchange).block();

        assertThat(exchange.getResponse().getHeaders().containsHeader(HttpHeaders.CACHE_CONTROL))
                .isFalse();
        assertThat(exchange.getResponse().getHeaders().getFirst("X-Content-Type-Options"))
                .isEqualTo("nosniff");
    }

    @Test
    void givesTheWebAppAPolicyWithoutInlineScriptOrStyle() {
        HttpHeaders written = written(
                new SecurityResponseHeaders(),
                MockServerHttpRequest.get("http://localhost/").build(),
                Map.of());

        assertThat(written.getFirst("Content-Security-Policy"))
                .isEqualTo(SecurityResponseHeaders.CSP)
                .contains("script-src 'self';", "style-src 'self';", "frame-ancestors 'none'")
                .doesNotContain("unsafe");
    }

    @Test
    void letsOnlyTheSwaggerUiApplyInlineStyles() {
        for (String path : List.of("/docs", "/swagger-ui/index.html", "/swagger-ui/swagger-ui.css")) {
            HttpHeaders written = written(
                    new SecurityResponseHeaders(),
                    MockServerHttpRequest.get("http://localhost" + path).build(),
                    Map.of());

            assertThat(written.getFirst("Content-Security-Policy"))
                    .as(path)
                    .isEqualTo(SecurityResponseHeaders.DOCS_CSP)
                    .contains("style-src 'self' 'unsafe-inline';", "script-src 'self';");
        }
        assertThat(SecurityResponseHeaders.policyFor("/webjars/uplot/dist/uPlot.iife.min.js"))
                .isEqualTo(SecurityResponseHeaders.CSP);
        assertThat(SecurityResponseHeaders.policyFor("/docsx")).isEqualTo(SecurityResponseHeaders.CSP);
    }

    private HttpHeaders assertSameAsSpring(MockServerHttpRequest.BaseBuilder<?> request, Map<String, String> preset) {
        HttpHeaders ours = written(new SecurityResponseHeaders(), request.build(), preset);
        HttpHeaders spring = written(springDefaults, request.build(), preset);
        assertThat(asMap(ours)).isEqualTo(asMap(spring));
        assertThat(ours.getFirst("X-Content-Type-Options")).isEqualTo("nosniff");
        return ours;
    }

    private static HttpHeaders written(
            ServerHttpHeadersWriter writer, MockServerHttpRequest request, Map<String, String> preset) {
        MockServerWebExchange exchange = MockServerWebExchange.from(request);
        preset.forEach(exchange.getResponse().getHeaders()::set);
        writer.writeHttpHeaders(exchange).block();
        return exchange.getResponse().getHeaders();
    }

    private static Map<String, List<String>> asMap(HttpHeaders headers) {
        Map<String, List<String>> map = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach(map::put);
        return map;
    }
}
