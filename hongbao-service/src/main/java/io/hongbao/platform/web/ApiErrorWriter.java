package io.hongbao.platform.web;

import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Writes the contract's error body straight to a response: for filters and exception handlers. */
public final class ApiErrorWriter {

    private final JsonMapper json;

    public ApiErrorWriter(JsonMapper json) {
        this.json = json;
    }

    public Mono<Void> write(ServerWebExchange exchange, ErrorCode code, String message) {
        return write(exchange, code.status(), code, message);
    }

    public Mono<Void> write(ServerWebExchange exchange, HttpStatus status, ErrorCode code, String message) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.empty();
        }
        response.setStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        byte[] body =
                json.writeValueAsString(new ApiError(code.name(), message)).getBytes(StandardCharsets.UTF_8);
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }
}
