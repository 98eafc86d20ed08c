package io.hongbao.peer;

import java.nio.charset.StandardCharsets;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

@Configuration(proxyBeanMethods = false)
class PeerConfiguration {

    @Bean
    FilterRegistrationBean<JwtFilter> jwtFilter(PeerSettings settings) {
        JwtFilter filter = new JwtFilter(settings.jwtSecret().getBytes(StandardCharsets.UTF_8));
        FilterRegistrationBean<JwtFilter> registration = new FilterRegistrationBean<>(filter);
        registration.addUrlPatterns("/api/*");
        return registration;
    }

    @Bean
    PeerPackets peerPackets(StringRedisTemplate redis) {
        return new PeerPackets(redis);
    }
}
