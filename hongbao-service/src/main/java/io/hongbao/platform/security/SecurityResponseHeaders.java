package io.hongbao.platform.security;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.server.header.ServerHttpHeadersWriter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The headers Spring Security's default writers add, with the same values and the same "a header the handler set
 * wins" rule, written in one plain method (ADR 0052). The default composite runs seven writers through a reactive
 * chain per answer and copies header maps to compare names, on every grab, for seven constant lines.
 */
final class SecurityResponseHeaders implements ServerHttpHeadersWriter {

    static final String NO_CACHE = "no-cache, no-store, max-age=0, must-revalidate";
    static final String HSTS = "max-age=31536000 ; includeSubDomains";

    @Override
    public Mono<Void> writeHttpHeaders(ServerWebExchange exchange) {
        HttpHeaders headers = exchange.getResponse().getHeaders();
        // The cache headers go together or not at all, as with CacheControlServerHttpHeadersWriter; a 304 keeps the
        // caching headers of the representation it validates.
        if (exchange.getResponse().getStatusCode() != HttpStatus.NOT_MODIFIED
                && !headers.containsHeader(HttpHeaders.CACHE_CONTROL)
                && !headers.containsHeader(HttpHeaders.PRAGMA)
                && !headers.containsHeader(HttpHeaders.EXPIRES)) {
            headers.set(HttpHeaders.CACHE_CONTROL, NO_CACHE);
            headers.set(HttpHeaders.PRAGMA, "no-cache");
            headers.set(HttpHeaders.EXPIRES, "0");
        }
        setIfAbsent(headers, "X-Content-Type-Options", "nosniff");
        // Strict-Transport-Security only means something on a secure connection (browsers ignore it over http).
        if ("https".equalsIgnoreCase(exchange.getRequest().getURI().getScheme())) {
            setIfAbsent(headers, "Strict-Transport-Security", HSTS);
        }
        setIfAbsent(headers, "X-Frame-Options", "DENY");
        setIfAbsent(headers, "X-XSS-Protection", "0");
        setIfAbsent(headers, "Referrer-Policy", "no-referrer");
        return Mono.empty();
    }

    private static void setIfAbsent(HttpHeaders headers, String name, String value) {
        if (!headers.containsHeader(name)) {
            headers.set(name, value);
        }
    }
}
