package io.hongbao.platform.security;

import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
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
final class SecurityResponseHeaders implements ServerHttpHeadersWriter, UsualResponseHeaders {

    static final String NO_CACHE = "no-cache, no-store, max-age=0, must-revalidate";
    static final String HSTS = "max-age=31536000 ; includeSubDomains";

    /**
     * The content security policy of every answer (ADR 0076): the web app loads only its own files and WebJars from
     * this origin, with no inline script or style, so an injected {@code <script>} or {@code onclick} never runs.
     * {@code data:} images are for icons drawn in CSS.
     */
    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none';"
            + " form-action 'self'";

    /**
     * The Swagger UI ({@code /docs}, which redirects to {@code /swagger-ui/index.html}) sets inline styles from its bundle
     * (swagger-api/swagger-ui#10655): its pages may apply inline style, nothing else more. Its scripts are files.
     */
    static final String DOCS_CSP = CSP.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';");

    private static final String DOCS = "/docs";
    private static final String SWAGGER_UI = "/swagger-ui/";

    private final Map<String, String> plain;
    private final Map<String, String> plainDocs;
    private final Map<String, String> secure;
    private final Map<String, String> secureDocs;

    /** The policies above: the web app talks to this origin only. */
    SecurityResponseHeaders() {
        this("");
    }

    /**
     * @param providerOrigin the origin of the OpenID provider's token endpoint, which the web app calls from the page
     *     to exchange its sign-in code (ADR 0097), added to {@code connect-src}; empty for none. The sign-in itself is
     *     a navigation to the provider, which no directive here governs.
     */
    SecurityResponseHeaders(String providerOrigin) {
        String policy = withConnectSource(CSP, providerOrigin);
        String docsPolicy = withConnectSource(DOCS_CSP, providerOrigin);
        this.plain = headers(policy, false);
        this.plainDocs = headers(docsPolicy, false);
        this.secure = headers(policy, true);
        this.secureDocs = headers(docsPolicy, true);
    }

    private static Map<String, String> headers(String policy, boolean secure) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(HttpHeaders.CACHE_CONTROL, NO_CACHE);
        headers.put(HttpHeaders.PRAGMA, "no-cache");
        headers.put(HttpHeaders.EXPIRES, "0");
        headers.put("X-Content-Type-Options", "nosniff");
        // Strict-Transport-Security only means something on a secure connection (browsers ignore it over http).
        if (secure) {
            headers.put("Strict-Transport-Security", HSTS);
        }
        headers.put("X-Frame-Options", "DENY");
        headers.put("X-XSS-Protection", "0");
        headers.put("Referrer-Policy", "no-referrer");
        headers.put("Content-Security-Policy", policy);
        return Collections.unmodifiableMap(headers);
    }

    static String withConnectSource(String policy, String origin) {
        return origin.isEmpty() ? policy : policy.replace("connect-src 'self';", "connect-src 'self' " + origin + ";");
    }

    @Override
    public Map<String, String> forPath(String path, boolean overHttps) {
        boolean docs = path.startsWith(SWAGGER_UI) || path.equals(DOCS);
        if (overHttps) {
            return docs ? secureDocs : secure;
        }
        return docs ? plainDocs : plain;
    }

    @Override
    public Mono<Void> writeHttpHeaders(ServerWebExchange exchange) {
        HttpHeaders headers = exchange.getResponse().getHeaders();
        // The cache headers go together or not at all, as with CacheControlServerHttpHeadersWriter; a 304 keeps the
        // caching headers of the representation it validates.
        boolean cacheHeaders = exchange.getResponse().getStatusCode() != HttpStatus.NOT_MODIFIED
                && !headers.containsHeader(HttpHeaders.CACHE_CONTROL)
                && !headers.containsHeader(HttpHeaders.PRAGMA)
                && !headers.containsHeader(HttpHeaders.EXPIRES);
        boolean overHttps =
                "https".equalsIgnoreCase(exchange.getRequest().getURI().getScheme());
        for (Map.Entry<String, String> usual :
                forPath(exchange.getRequest().getPath().value(), overHttps).entrySet()) {
            String name = usual.getKey();
            if (isCacheHeader(name) ? cacheHeaders : !headers.containsHeader(name)) {
                headers.set(name, usual.getValue());
            }
        }
        return Mono.empty();
    }

    private static boolean isCacheHeader(String name) {
        return name.equals(HttpHeaders.CACHE_CONTROL)
                || name.equals(HttpHeaders.PRAGMA)
                || name.equals(HttpHeaders.EXPIRES);
    }

    /**
     * A refusal answered before the security chain's header writer runs (the request firewall, the size limits): these
     * headers, then the contract's error body.
     */
    Mono<Void> refuse(
            ServerWebExchange exchange, ApiErrorWriter errors, HttpStatus status, ErrorCode code, String message) {
        return writeHttpHeaders(exchange).then(errors.write(exchange, status, code, message));
    }

    /** The default policies' choice, no provider configured. */
    static String policyFor(String path) {
        return new SecurityResponseHeaders().policyOf(path);
    }

    String policyOf(String path) {
        return forPath(path, false).get("Content-Security-Policy");
    }
}
