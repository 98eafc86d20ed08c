package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

class CampaignAdmissionFilterTest {

    private final CampaignAdmission admission = new CampaignAdmission(
            new CampaignSettings.Admission(1, 1, 10, Duration.ofMillis(1500)), new SimpleMeterRegistry());
    private final CampaignAdmissionFilter filter = new CampaignAdmissionFilter(admission);
    private final AtomicInteger passedOn = new AtomicInteger();
    private final WebFilterChain chain = exchange -> Mono.fromRunnable(passedOn::incrementAndGet);

    @Test
    void aGrabOverTheAdmissionIsAnsweredTryAgainWithoutGoingFurther() {
        filter.filter(grab("/api/v1/campaigns/abc/grab"), chain).block();
        MockServerWebExchange refused = grab("/api/v1/campaigns/abc/grab");

        filter.filter(refused, chain).block();

        assertThat(passedOn)
                .as("only the first went on to security and the handler")
                .hasValue(1);
        assertThat(refused.getResponse().getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(refused.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER))
                .isEqualTo("2");
        assertThat(refused.getResponse().getBodyAsString().block())
                .isEqualTo("{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":1500}");
    }

    @Test
    void otherRequestsPassUncountedAndAnAdmittedGrabIsNoLongerOutstandingOnceAnswered() {
        CampaignAdmission oneAtATime = new CampaignAdmission(
                new CampaignSettings.Admission(100, 100, 1, Duration.ofMillis(500)), new SimpleMeterRegistry());
        CampaignAdmissionFilter edge = new CampaignAdmissionFilter(oneAtATime);

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
