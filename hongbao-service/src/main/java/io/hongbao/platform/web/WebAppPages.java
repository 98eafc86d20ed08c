package io.hongbao.platform.web;

import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The two pages under their short addresses: {@code GET /} is {@code /index.html} (the app) and {@code GET /ops} is
 * {@code /ops.html} (the operator dashboard). The request is renamed before any other filter sees it, so the page is
 * served by {@link WebAppResources} like any file, with its caching, and counted like any call without a token.
 */
final class WebAppPages implements WebFilter, Ordered {

    static final Map<String, String> PAGES = Map.of("/", "/index.html", "/ops", "/ops.html");

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "WebAppPages";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        HttpMethod method = exchange.getRequest().getMethod();
        String file = method == HttpMethod.GET || method == HttpMethod.HEAD
                ? PAGES.get(exchange.getRequest().getPath().value())
                : null;
        if (file == null) {
            return chain.filter(exchange);
        }
        return chain.filter(
                exchange.mutate().request(request -> request.path(file)).build());
    }
}
