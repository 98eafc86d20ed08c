package io.hongbao.campaign.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The campaign grab's own timers, in place of {@code http.server.requests} ({@link CampaignGrabTimers}). */
@Configuration(proxyBeanMethods = false)
class CampaignWebConfiguration {

    @Bean
    CampaignGrabTimers campaignGrabTimers(MeterRegistry registry) {
        return new CampaignGrabTimers(registry);
    }

    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ObservationPredicate campaignGrabWithoutHttpObservation() {
        return CampaignGrabTimers.withoutHttpObservation();
    }
}
