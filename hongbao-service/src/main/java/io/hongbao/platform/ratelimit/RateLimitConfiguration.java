package io.hongbao.platform.ratelimit;

import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.platform.web.ApiErrorWriter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Wires the abuse limits into one web filter (ADR 0063): the routes the features declare ({@link LimitedRoutes}), each
 * counted in the limit it names, with the numbers {@link RateLimitSettings} gives that name.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class RateLimitConfiguration {

    private static final String PER_USER = "hongbao.rate-limits.per-user.";

    @Bean(destroyMethod = "close")
    RedisBuckets rateLimitBuckets(RedisConnections redis, MeterRegistry registry) {
        return new RedisBuckets(redis, registry);
    }

    @Bean
    RateLimitFilter rateLimitFilter(
            RedisBuckets buckets,
            RateLimitSettings settings,
            List<LimitedRoutes> declared,
            ApiErrorWriter errors,
            MeterRegistry registry) {
        RateLimitSettings.Limit address = settings.perAddress();
        Bucket perAddress = address.enabled() ? new Bucket("address", address, registry) : null;
        return new RateLimitFilter(
                buckets,
                routeLimits(declared, settings, registry),
                perAddress,
                new ClientAddress(settings.trustedProxies()),
                settings.timeout(),
                errors);
    }

    /** Before {@code OpenApiConfiguration}'s shared pass (unordered, so last), which gives the 429 its error body. */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    OpenApiCustomizer limitedRoutesDocumentation(List<LimitedRoutes> declared) {
        return new LimitedRoutesDocumentation(declared);
    }

    /**
     * The declared routes with their limits' numbers, the enabled ones only. Sorted by limit and path, so that which
     * of two overlapping routes wins does not depend on the order the declarations come in; one bucket per limit,
     * shared by every route naming it.
     *
     * @throws IllegalStateException when a declared limit has no settings or a configured one no route
     */
    static RouteLimits routeLimits(List<LimitedRoutes> declared, RateLimitSettings settings, MeterRegistry registry) {
        List<LimitedRoutes.Route> routes = declared.stream()
                .flatMap(routesOfOne -> routesOfOne.routes().stream())
                .sorted(Comparator.comparing(LimitedRoutes.Route::limit).thenComparing(LimitedRoutes.Route::path))
                .toList();
        Set<String> named = new TreeSet<>();
        Map<String, Bucket> buckets = new TreeMap<>();
        List<RouteLimits.Route> limited = new ArrayList<>();
        for (LimitedRoutes.Route route : routes) {
            named.add(route.limit());
            RateLimitSettings.Limit limit = settings.perUser().get(route.limit());
            if (limit == null) {
                throw new IllegalStateException("the route " + route.method() + " " + route.path() + " is limited by '"
                        + route.limit() + "', but " + PER_USER + route.limit()
                        + ".{per-second, burst} is not configured");
            }
            if (limit.enabled()) {
                Bucket bucket = buckets.computeIfAbsent(route.limit(), name -> new Bucket(name, limit, registry));
                limited.add(RouteLimits.Route.of(route.method(), route.path(), bucket));
            }
        }
        Set<String> unused = new TreeSet<>(settings.perUser().keySet());
        unused.removeAll(named);
        if (!unused.isEmpty()) {
            throw new IllegalStateException(PER_USER + unused + " configured, but no route is limited by "
                    + (unused.size() == 1 ? "it" : "them") + "; the limited routes name " + named);
        }
        return new RouteLimits(limited);
    }
}
