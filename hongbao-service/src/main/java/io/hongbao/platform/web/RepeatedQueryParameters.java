package io.hongbao.platform.web;

import java.util.List;
import java.util.Map;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A query parameter of an {@code /api} call given more than once ({@code ?limit=5&limit=6}) is 400: no parameter of the API takes several
 * values, and binding would keep one of them silently. After the security chain (the default order), so that a call
 * without a token is 401 before its query is looked at.
 */
final class RepeatedQueryParameters implements WebFilter {

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "RepeatedQueryParameters";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // Most calls, every grab among them, have no query: nothing parsed for them. Outside /api the actuator's own
        // parameters may repeat (the Prometheus scrape's includedNames).
        if (exchange.getRequest().getURI().getRawQuery() == null
                || !exchange.getRequest().getPath().value().startsWith("/api/")) {
            return chain.filter(exchange);
        }
        for (Map.Entry<String, List<String>> parameter :
                exchange.getRequest().getQueryParams().entrySet()) {
            if (parameter.getValue().size() > 1) {
                return Mono.error(ApiException.validation(
                        "the query parameter " + parameter.getKey() + " is given more than once"));
            }
        }
        return chain.filter(exchange);
    }
}
