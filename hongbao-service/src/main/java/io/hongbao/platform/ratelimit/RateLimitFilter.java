package io.hongbao.platform.ratelimit;

import io.hongbao.platform.security.Caller;
import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The abuse limits in front of the handlers (ADR 0063). It runs right after Spring Security's filter chain, so the
 * user is the verified token's {@code sub}, and its 429 passes through the chain's response headers like any answer.
 * A call with a verified caller is counted per user on the route's limit, if its route has one (grab, send, draw); a
 * call without one (everything outside {@code /api/**}: the chain has already answered 401 for {@code /api/**}) is
 * counted per client address ({@link ClientAddress}: behind trusted proxies, the right-most untrusted hop of
 * {@code X-Forwarded-For}), except health probes and Prometheus scrapes, which are never limited: a balancer's checks
 * share the balancer's address with every page load it forwards, and a limited check takes the instance out of the
 * balancer (ADR 0087). A subject's first call in a bucket's fill time passes without asking Redis
 * ({@link LocalAllowance}, ADR 0081). Over the limit: {@code 429 RATE_LIMITED} with {@code Retry-After} in whole
 * seconds.
 */
final class RateLimitFilter implements WebFilter, Ordered {

    /** Spring Security's {@code WebFilterChainProxy} runs at -100 (WebFluxSecurityConfiguration); this runs next. */
    static final int ORDER = -99;

    private static final String FORWARDED_FOR = "X-Forwarded-For";

    private final RedisBuckets buckets;
    private final RouteLimits routes;
    private final Bucket perAddress;
    private final ClientAddress clientAddress;
    private final Duration timeout;
    private final ApiErrorWriter errors;

    /**
     * @param perAddress the limit of calls without a verified caller, or null for none
     * @param clientAddress who such a call is counted as
     * @param timeout how long a call waits for its bucket before it passes unchecked
     */
    RateLimitFilter(
            RedisBuckets buckets,
            RouteLimits routes,
            Bucket perAddress,
            ClientAddress clientAddress,
            Duration timeout,
            ApiErrorWriter errors) {
        this.buckets = buckets;
        this.routes = routes;
        this.perAddress = perAddress;
        this.clientAddress = clientAddress;
        this.timeout = timeout;
        this.errors = errors;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "RateLimitFilter";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Bucket route = routes.match(exchange.getRequest());
        if (route == null && perAddress == null) {
            return chain.filter(exchange);
        }
        return ReactiveSecurityContextHolder.getContext()
                .mapNotNull(context -> caller(context.getAuthentication()))
                .map(caller -> route == null ? Counted.NOT : new Counted(route, Long.toString(caller.userId())))
                .switchIfEmpty(Mono.fromSupplier(() -> perAddress == null || isProbeOrScrape(exchange.getRequest())
                        ? Counted.NOT
                        : new Counted(perAddress, addressOf(exchange.getRequest()))))
                .flatMap(counted -> counted == Counted.NOT || counted.bucket().passesLocally(counted.subject())
                        ? chain.filter(exchange)
                        // suppressCancel: a timed-out exchange stays Bucket4j's to finish (its batching chains on it).
                        : Mono.fromFuture(() -> buckets.take(counted.bucket(), counted.subject()), true)
                                // Reactor's timer fires on its parallel workers, where the call then goes on.
                                .timeout(timeout)
                                .onErrorResume(failure -> Mono.just(buckets.passUnchecked(counted.bucket(), failure)))
                                .flatMap(verdict -> verdict.allowed()
                                        ? chain.filter(exchange)
                                        : refuse(exchange, counted.bucket(), verdict)));
    }

    /** Which bucket counts a call, and for whom; {@link #NOT} for a call no limit applies to. */
    private record Counted(Bucket bucket, String subject) {
        static final Counted NOT = new Counted(null, null);
    }

    private static Caller caller(Authentication authentication) {
        return authentication != null && authentication.getPrincipal() instanceof Caller caller ? caller : null;
    }

    /** {@code /actuator/health}, its groups and components, and {@code /actuator/prometheus}. */
    static boolean isProbeOrScrape(ServerHttpRequest request) {
        String path = request.getPath().pathWithinApplication().value();
        return path.equals("/actuator/health")
                || path.startsWith("/actuator/health/")
                || path.equals("/actuator/prometheus");
    }

    /** The client's address: the connection's peer, or behind trusted proxies what they forwarded. */
    private String addressOf(ServerHttpRequest request) {
        InetSocketAddress remote = request.getRemoteAddress();
        String peer = remote == null
                ? null
                : remote.getAddress() != null ? remote.getAddress().getHostAddress() : remote.getHostString();
        List<String> forwardedFor = request.getHeaders().get(FORWARDED_FOR);
        return clientAddress.of(peer, forwardedFor == null ? List.of() : forwardedFor);
    }

    private Mono<Void> refuse(ServerWebExchange exchange, Bucket bucket, Verdict verdict) {
        exchange.getResponse().getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(verdict.retryAfterSeconds()));
        return errors.write(
                exchange,
                ErrorCode.RATE_LIMITED,
                "too many calls (limit '" + bucket.name() + "'): retry after " + verdict.retryAfterSeconds() + " s");
    }
}
