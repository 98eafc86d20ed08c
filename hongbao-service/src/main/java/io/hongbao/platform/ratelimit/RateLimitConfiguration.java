package io.hongbao.platform.ratelimit;

import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.web.ApiErrorWriter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the abuse limits of {@link RateLimitSettings} into one web filter (ADR 0063). */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class RateLimitConfiguration {

    @Bean(destroyMethod = "close")
    RedisBuckets rateLimitBuckets(RedisConnections redis, MeterRegistry registry) {
        return new RedisBuckets(redis, registry);
    }

    @Bean
    RateLimitFilter rateLimitFilter(
            RedisBuckets buckets, RateLimitSettings settings, ApiErrorWriter errors, MeterRegistry registry) {
        List<LimitedRoutes.Route> routes = new ArrayList<>();
        // Sorted by name, so that which of two overlapping routes wins does not depend on the map's order.
        for (Map.Entry<String, RateLimitSettings.RouteLimit> entry : new TreeMap<>(settings.perUser()).entrySet()) {
            RateLimitSettings.RouteLimit route = entry.getValue();
            if (route.limit().enabled()) {
                routes.add(LimitedRoutes.Route.of(
                        route.method(), route.path(), new Bucket(entry.getKey(), route.limit(), registry)));
            }
        }
        RateLimitSettings.Limit address = settings.perAddress();
        Bucket perAddress = address.enabled() ? new Bucket("address", address, registry) : null;
        return new RateLimitFilter(buckets, new LimitedRoutes(routes), perAddress, settings.timeout(), errors);
    }
}
