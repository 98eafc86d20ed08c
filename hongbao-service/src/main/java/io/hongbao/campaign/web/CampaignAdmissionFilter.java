package io.hongbao.campaign.web;

import java.nio.charset.StandardCharsets;
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
 * The lossy edge in front of everything else (ADR 0103): a campaign grab over the instance's admission is answered
 * {@code 200 TRY_AGAIN} here, before Spring Security verifies its token and before the handler is looked up, so a
 * refusal costs what parsing the request and writing a constant answer cost, and nothing more. Nobody learns anything
 * from it (the same bytes for every caller), so answering it to a caller whose token would be refused is harmless; an
 * admitted grab goes on through the chain, and counts as outstanding until its answer is written.
 */
final class CampaignAdmissionFilter implements WebFilter, Ordered {

    /** Before Spring Security's {@code WebFilterChainProxy} (-100) and everything after it. */
    static final int ORDER = -200;

    private static final String PREFIX = "/api/v1/campaigns/";
    private static final String SUFFIX = "/grab";

    private final CampaignAdmission admission;
    private final byte[] refusal;
    private final String retryAfterSeconds;

    CampaignAdmissionFilter(CampaignAdmission admission) {
        this.admission = admission;
        long millis = admission.retryAfter().toMillis();
        this.refusal =
                ("{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":" + millis + "}").getBytes(StandardCharsets.UTF_8);
        this.retryAfterSeconds = CampaignViews.CampaignGrabView.retryAfterSeconds(millis);
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
            return refuse(exchange.getResponse());
        }
        return chain.filter(exchange).doFinally(signal -> admission.release());
    }

    static boolean isCampaignGrab(ServerHttpRequest request) {
        String path = request.getPath().value();
        return request.getMethod() == HttpMethod.POST
                && path.startsWith(PREFIX)
                && path.endsWith(SUFFIX)
                && path.indexOf('/', PREFIX.length()) == path.length() - SUFFIX.length();
    }

    private Mono<Void> refuse(ServerHttpResponse response) {
        response.setStatusCode(HttpStatus.OK);
        HttpHeaders headers = response.getHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        headers.set(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
        headers.setContentLength(refusal.length);
        DataBuffer body = response.bufferFactory().wrap(refusal);
        return response.writeWith(Mono.just(body));
    }
}
