package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.campaign.CampaignSettings;
import io.hongbao.platform.security.UsualResponseHeaders;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

class CampaignAdmissionFilterTest {

    private static final UsualResponseHeaders USUAL = (path, secure) -> Map.of("X-Frame-Options", "DENY");

    private final CampaignAdmission admission = new CampaignAdmission(
            new CampaignSettings.Admission(1, 1, 1, Duration.ofMillis(1500)), new SimpleMeterRegistry());
    private final CampaignAdmissionFilter filter = new CampaignAdmissionFilter(admission, USUAL);
    private final AtomicInteger passedOn = new AtomicInteger();
    private final WebFilterChain chain = exchange -> Mono.fromRunnable(passedOn::incrementAndGet);

    @Test
    void aGrabWhileTooManyWaitForRedisIsAnsweredTryAgainWithoutGoingFurther() {
        Sinks.Empty<Void> redis = Sinks.empty();
        Mono<Void> waiting = filter.filter(grab("/api/v1/campaigns/abc/grab"), exchange -> redis.asMono());
        waiting.subscribe();
        MockServerWebExchange refused = grab("/api/v1/campaigns/abc/grab");

        filter.filter(refused, chain).block();

        assertThat(passedOn)
                .as("the second did not go on to security and the handler")
                .hasValue(0);
        assertThat(refused.getResponse().getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(refused.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER))
                .isEqualTo("2");
        assertThat(refused.getResponse().getHeaders().getFirst("X-Frame-Options"))
                .as("the headers every answer carries, which the security chain would have added")
                .isEqualTo("DENY");
        assertThat(refused.getResponse().getBodyAsString().block())
                .isEqualTo("{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":1500}");
        redis.tryEmitEmpty();
        filter.filter(grab("/api/v1/campaigns/abc/grab"), chain).block();
        assertThat(passedOn).as("the first answered, the next goes on").hasValue(1);
    }

    @Test
    void otherRequestsPassUncountedAndAnAdmittedGrabIsNoLongerOutstandingOnceAnswered() {
        CampaignAdmission oneAtATime = new CampaignAdmission(
                new CampaignSettings.Admission(100, 100, 1, Duration.ofMillis(500)), new SimpleMeterRegistry());
        CampaignAdmissionFilter edge = new CampaignAdmissionFilter(oneAtATime, USUAL);

        edge.filter(grab("/api/v1/campaigns/abc/grabs"), chain).block();
        edge.filter(grab("/api/v1/campaigns/a/b/grab"), chain).block();
        edge.filter(MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/campaigns/abc/grab")), chain)
                .block();
        edge.filter(grab("/api/v1/campaigns/abc/grab"), chain).block();
        edge.filter(grab("/api/v1/campaigns/abc/grab"), chain).block();

        assertThat(passedOn)
                .as("one grab at a time, each answered before the next")
                .hasValue(5);
        assertThat(oneAtATime.admit()).as("nothing left outstanding").isTrue();
        assertThat(oneAtATime.admit()).as("one outstanding now").isFalse();
    }

    private static MockServerWebExchange grab(String path) {
        return MockServerWebExchange.from(MockServerHttpRequest.post(path));
    }
}
