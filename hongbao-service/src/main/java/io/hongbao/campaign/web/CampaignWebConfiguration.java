package io.hongbao.campaign.web;

import io.hongbao.campaign.CampaignSettings;
import io.hongbao.platform.security.UsualResponseHeaders;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The campaign grab's lossy edge ({@link CampaignEdge} on every connection, then {@link CampaignAdmissionFilter}) and its own timers, in place of {@code
 * http.server.requests} ({@link CampaignGrabTimers}).
 */
@Configuration(proxyBeanMethods = false)
class CampaignWebConfiguration {

    @Bean
    CampaignGrabTimers campaignGrabTimers(MeterRegistry registry) {
        return new CampaignGrabTimers(registry);
    }

    @Bean
    CampaignAdmission campaignAdmission(CampaignSettings settings, MeterRegistry registry) {
        return new CampaignAdmission(settings.admission(), registry);
    }

    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    NettyServerCustomizer campaignEdge(CampaignAdmission admission, UsualResponseHeaders usual) {
        return CampaignEdge.onEveryConnection(admission, usual);
    }

    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    CampaignAdmissionFilter campaignAdmissionFilter(CampaignAdmission admission, UsualResponseHeaders usual) {
        return new CampaignAdmissionFilter(admission, usual);
    }

    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ObservationPredicate campaignGrabWithoutHttpObservation() {
        return CampaignGrabTimers.withoutHttpObservation();
    }
}
