package io.hongbao.platform.security;

import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedException;
import org.springframework.security.web.server.firewall.ServerExchangeRejectedHandler;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * What the request firewall's refusals answer: a path with an encoded slash, percent, period, NUL or line break, a
 * {@code ;}, {@code ..} or an empty segment, a header name or value outside printable ASCII (a raw UTF-8
 * {@code Idempotency-Key}). Spring Security answers those with a bare 400 before any other filter has run: no body and
 * none of the security headers. Here they get the contract's error body and the same headers as every other answer.
 */
final class RefusedRequests implements ServerExchangeRejectedHandler {

    private final ApiErrorWriter errors;
    private final SecurityResponseHeaders headers;

    RefusedRequests(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        this.errors = errors;
        this.headers = headers;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, ServerExchangeRejectedException refused) {
        return headers.refuse(exchange, errors, HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_FAILED, message(refused));
    }

    /**
     * The firewall's own sentence says which part was refused ("... the URL contained a potentially malicious String
     * \"%2F\"", "... the header value ... is not allowed"): enough to fix the request. Its first line only.
     */
    static String message(ServerExchangeRejectedException refused) {
        String reason = refused.getMessage();
        if (reason == null || reason.isBlank()) {
            return "the request's path or headers are malformed";
        }
        int newline = reason.indexOf('\n');
        return "the request's path or headers are malformed: " + (newline < 0 ? reason : reason.substring(0, newline));
    }
}
