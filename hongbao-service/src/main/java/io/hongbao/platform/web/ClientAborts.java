package io.hongbao.platform.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;

/**
 * A client that hangs up before its answer (a phone timing out in a storm) is not an error of ours: it is counted in
 * {@code hongbao.client.aborts} by route, logged at DEBUG, and nothing is written to it. Reactor Netty shows a hang-up
 * two ways: the exchange's handling is cancelled when the connection closes while the handler still works (counted
 * here, first of all filters, so every route is covered, the functional grab route too), or the answer's write fails
 * with an {@link AbortedException} when the handler finished in between ({@link ApiExceptionHandler} asks
 * {@link #isAbort}). A cancel after the answer started (a live event stream the client closes, which is how a stream
 * ends) is not a hang-up before the answer and is not counted.
 */
public final class ClientAborts implements WebFilter, Ordered {

    static final String METER = "hongbao.client.aborts";

    /** The route of a call that matched none (or hung up before it was matched): keeps the tag's values bounded. */
    static final String OTHER = "other";

    private static final Logger log = LoggerFactory.getLogger(ClientAborts.class);

    private final MeterRegistry registry;

    public ClientAborts(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "ClientAborts";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return chain.filter(exchange).doOnCancel(() -> {
            if (!exchange.getResponse().isCommitted()) {
                count(exchange, "the connection closed before the answer");
            }
        });
    }

    /** Whether {@code failure} is the client's connection closed under a write (anywhere in its causes). */
    static boolean isAbort(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof AbortedException) {
                return true;
            }
        }
        return false;
    }

    void count(ServerWebExchange exchange, String how) {
        String route = route(exchange);
        Counter.builder(METER)
                .description("calls whose client hung up before the answer, by the route's pattern")
                .tag("route", route)
                .register(registry)
                .increment();
        log.debug(
                "{} {} {}: {}",
                exchange.getRequest().getMethod(),
                exchange.getRequest().getPath(),
                route,
                how);
    }

    /** The matched route's pattern (bounded by the routes the service has), {@link #OTHER} when none matched yet. */
    static String route(ServerWebExchange exchange) {
        Object pattern = exchange.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        if (pattern instanceof PathPattern path) {
            return path.getPatternString();
        }
        return pattern instanceof String text ? text : OTHER;
    }
}
