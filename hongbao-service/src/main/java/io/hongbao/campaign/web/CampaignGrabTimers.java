package io.hongbao.campaign.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.ObservationPredicate;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;

/**
 * Campaign grabs timed by outcome, {@code hongbao.campaign.grab.requests{outcome}}, in place of {@code
 * http.server.requests}, which leaves them out (as it leaves out the packets' grab, ADR 0051): a crowd's every tap
 * would otherwise pay for an observation. The timers are registered once, so a grab looks one up in a map.
 */
final class CampaignGrabTimers {

    static final String FAILED = "FAILED";

    private final Map<String, Timer> byOutcome;

    CampaignGrabTimers(MeterRegistry registry) {
        this.byOutcome = Map.of(
                "GRABBED",
                timer(registry, "GRABBED"),
                "ALREADY_GRABBED",
                timer(registry, "ALREADY_GRABBED"),
                "SOLD_OUT",
                timer(registry, "SOLD_OUT"),
                "EXPIRED",
                timer(registry, "EXPIRED"),
                "TRY_AGAIN",
                timer(registry, "TRY_AGAIN"),
                FAILED,
                timer(registry, FAILED));
    }

    void record(String outcome, long startNanos) {
        Timer timer = byOutcome.getOrDefault(outcome, byOutcome.get(FAILED));
        timer.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    /** Leaves {@code POST /api/v1/campaigns/{id}/grab} out of {@code http.server.requests}. */
    static ObservationPredicate withoutHttpObservation() {
        return (name, context) -> !(context instanceof ServerRequestObservationContext server
                && server.getCarrier().getMethod() == HttpMethod.POST
                && CampaignGrabPath.matches(server.getCarrier().getPath().value()));
    }

    private static Timer timer(MeterRegistry registry, String outcome) {
        return Timer.builder("hongbao.campaign.grab.requests")
                .description("campaign grabs, by outcome (FAILED: answered with an error)")
                .tag("outcome", outcome)
                .register(registry);
    }
}
