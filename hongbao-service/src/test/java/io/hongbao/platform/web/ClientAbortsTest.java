package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.test.StepVerifier;
import tools.jackson.databind.json.JsonMapper;

/** docs/api.md, change 20: a hang-up is counted by route and answered with nothing. */
class ClientAbortsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ClientAborts aborts = new ClientAborts(registry);

    @Test
    void aCallCancelledBeforeItsAnswerIsCountedUnderItsRoutesPattern() {
        ServerWebExchange exchange = grab();

        StepVerifier.create(aborts.filter(exchange, e -> Mono.never()))
                .expectSubscription()
                .thenCancel()
                .verify();

        assertThat(count("/api/v1/packets/{id}/grab")).isEqualTo(1);
    }

    @Test
    void aCallCancelledBeforeAnyRouteMatchedIsCountedAsOther() {
        ServerWebExchange exchange = MockServerWebExchange.from(
                MockServerHttpRequest.get("/no/such/page/42").build());

        StepVerifier.create(aborts.filter(exchange, e -> Mono.never()))
                .expectSubscription()
                .thenCancel()
                .verify();

        assertThat(count(ClientAborts.OTHER)).isEqualTo(1);
    }

    @Test
    void aStreamTheClientClosesAfterItsAnswerStartedIsNotAHangUp() {
        ServerWebExchange exchange = grab();

        StepVerifier.create(aborts.filter(
                        exchange, e -> e.getResponse().setComplete().then(Mono.never())))
                .expectSubscription()
                .thenAwait(Duration.ofMillis(10))
                .thenCancel()
                .verify();

        assertThat(registry.find(ClientAborts.METER).counters()).isEmpty();
    }

    @Test
    void anAnswerWhoseWriteFoundTheConnectionClosedIsCountedAndNothingIsWritten() {
        ServerWebExchange exchange = grab();
        ApiExceptionHandler handler =
                new ApiExceptionHandler(new ApiErrorWriter(JsonMapper.builder().build()), aborts);

        StepVerifier.create(handler.handle(exchange, AbortedException.beforeSend()))
                .verifyComplete();

        assertThat(count("/api/v1/packets/{id}/grab")).isEqualTo(1);
        assertThat(exchange.getResponse().getStatusCode()).isNull();
        assertThat(exchange.getResponse().isCommitted()).isFalse();
    }

    private static ServerWebExchange grab() {
        ServerWebExchange exchange = MockServerWebExchange.from(
                MockServerHttpRequest.post("/api/v1/packets/p1/grab").build());
        exchange.getAttributes()
                .put(
                        HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE,
                        PathPatternParser.defaultInstance.parse("/api/v1/packets/{id}/grab"));
        return exchange;
    }

    private double count(String route) {
        return registry.get(ClientAborts.METER).tag("route", route).counter().count();
    }
}
