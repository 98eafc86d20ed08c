package io.hongbao.campaign.web;

import io.hongbao.platform.security.UsualResponseHeaders;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The lossy edge's second check (ADR 0103, ADR 0104): a campaign grab within the rate ({@link CampaignEdge} refused
 * the others on the connection) is answered {@code 200 TRY_AGAIN} here when too many of this instance's grabs already
 * wait for Redis, before Spring Security verifies its token and before the handler is looked up. Nobody learns anything
 * from it (the same bytes for every caller), so answering it to a caller whose token would be refused is harmless; an
 * admitted grab goes on through the chain, and counts as outstanding until its answer is written, failed or abandoned:
 * which only the exchange knows, so this check is here and not at the connection.
 */
final class CampaignAdmissionFilter implements WebFilter, Ordered {

    /** Before Spring Security's {@code WebFilterChainProxy} (-100) and everything after it. */
    static final int ORDER = -200;

    private final CampaignAdmission admission;
    private final TryAgainAnswer tryAgain;
    private final UsualResponseHeaders usual;

    CampaignAdmissionFilter(CampaignAdmission admission, UsualResponseHeaders usual) {
        this.usual = usual;
        this.admission = admission;
        this.tryAgain = TryAgainAnswer.after(admission.retryAfter());
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "CampaignAdmissionFilter";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!isCampaignGrab(exchange.getRequest())) {
            return chain.filter(exchange);
        }
        if (!admission.admit()) {
            return refuse(exchange);
        }
        return chain.filter(exchange).doFinally(signal -> admission.release());
    }

    static boolean isCampaignGrab(ServerHttpRequest request) {
        return request.getMethod() == HttpMethod.POST
                && CampaignGrabPath.matches(request.getPath().value());
    }

    /** Ahead of the security chain, whose header writer would have added the usual headers: added here. */
    private Mono<Void> refuse(ServerWebExchange exchange) {
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.OK);
        HttpHeaders headers = response.getHeaders();
        boolean overHttps =
                "https".equalsIgnoreCase(exchange.getRequest().getURI().getScheme());
        usual.forPath(CampaignGrabPath.EXAMPLE, overHttps).forEach(headers::set);
        headers.setContentType(MediaType.APPLICATION_JSON);
        headers.set(HttpHeaders.RETRY_AFTER, tryAgain.retryAfterSeconds());
        headers.setContentLength(tryAgain.body().length);
        DataBuffer body = response.bufferFactory().wrap(tryAgain.body());
        return response.writeWith(Mono.just(body));
    }
}
