package io.hongbao.redpacket;

import io.hongbao.redpacket.infrastructure.RememberedUnknownPackets;
import io.hongbao.redpacket.model.UnknownPackets;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The short memory of packet ids the database does not know, in front of the grab's database fallback. */
@Configuration(proxyBeanMethods = false)
class NegativeCacheConfiguration {

    @Bean
    UnknownPackets unknownPackets(NegativeCacheSettings settings, MeterRegistry registry) {
        return new RememberedUnknownPackets(settings.rememberFor(), settings.maxIds(), registry);
    }
}
