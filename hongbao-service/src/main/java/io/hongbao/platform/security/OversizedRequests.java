package io.hongbao.platform.security;

import static io.hongbao.platform.web.RequestSizes.MAX_HEADER_BYTES;
import static io.hongbao.platform.web.RequestSizes.MAX_TARGET_BYTES;

import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.AbstractServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;

/**
 * A request line or a header block larger than the service takes: 414 or 431 with the contract's error body and the
 * security headers. Netty's own limits are set above these ({@code server.netty.max-initial-line-length},
 * {@code server.max-http-request-header-size} in application.yml) so that such a request reaches this filter instead
 * of an empty answer from the HTTP decoder; only a request past Netty's limits still gets that. First of all filters:
 * nothing is read, authenticated or counted for a request refused here.
 */
final class OversizedRequests implements WebFilter, Ordered {

    /** Spring's adapter of a Reactor Netty request (package-private there, hence by name). */
    private static final String REACTOR_NETTY_REQUEST =
            "org.springframework.http.server.reactive.ReactorServerHttpRequest";

    private final ApiErrorWriter errors;
    private final SecurityResponseHeaders headers;

    OversizedRequests(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        this.errors = errors;
        this.headers = headers;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (request.getURI().getRawPath().length() + rawQueryLength(request) > MAX_TARGET_BYTES) {
            return refuse(
                    exchange,
                    HttpStatus.URI_TOO_LONG,
                    "the path and query are longer than " + MAX_TARGET_BYTES + " bytes");
        }
        if (headerBytes(request) > MAX_HEADER_BYTES) {
            return refuse(
                    exchange,
                    HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                    "the headers are larger than " + MAX_HEADER_BYTES + " bytes together");
        }
        return chain.filter(exchange);
    }

    private Mono<Void> refuse(ServerWebExchange exchange, HttpStatus status, String message) {
        return headers.refuse(exchange, errors, status, ErrorCode.VALIDATION_FAILED, message);
    }

    private static int rawQueryLength(ServerHttpRequest request) {
        String query = request.getURI().getRawQuery();
        return query == null ? 0 : query.length() + 1;
    }

    /**
     * Each header line as it came: its name, ": ", its value and the line's end. Read from Netty's own headers where
     * the request is Reactor Netty's: Spring's view of them builds a set of names and a list of values per name for
     * every request, which was about 5 % of the event loops' time per grab.
     */
    static long headerBytes(ServerHttpRequest request) {
        if (request instanceof AbstractServerHttpRequest adapted && isReactorNetty(adapted)) {
            HttpServerRequest netty = adapted.getNativeRequest();
            return headerBytes(netty.requestHeaders().iteratorCharSequence());
        }
        long bytes = 0;
        for (Map.Entry<String, List<String>> header : request.getHeaders().headerSet()) {
            for (String value : header.getValue()) {
                bytes += lineBytes(header.getKey(), value);
            }
        }
        return bytes;
    }

    static long headerBytes(Iterator<Map.Entry<CharSequence, CharSequence>> lines) {
        long bytes = 0;
        while (lines.hasNext()) {
            Map.Entry<CharSequence, CharSequence> line = lines.next();
            bytes += lineBytes(line.getKey(), line.getValue());
        }
        return bytes;
    }

    private static long lineBytes(CharSequence name, CharSequence value) {
        return name.length() + 2 + value.length() + 2;
    }

    /** The server's request; a test's mock request has no native one (asking it throws). */
    private static boolean isReactorNetty(AbstractServerHttpRequest request) {
        return request.getClass().getName().equals(REACTOR_NETTY_REQUEST);
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "OversizedRequests";
    }
}
