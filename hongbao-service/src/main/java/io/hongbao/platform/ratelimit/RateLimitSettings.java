package io.hongbao.platform.ratelimit;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.rate-limits.*}: the abuse limits (ADR 0063, docs/api.md, Rate limits). Each limit is a token bucket
 * kept in Redis, so every instance counts against the same one: {@code burst} calls may come at once, and the bucket
 * refills at {@code perSecond}. {@code enabled: false} turns one limit off (for load benches).
 *
 * @param timeout how long a call waits for Redis to answer the limiter; past it, or with Redis away, the call passes
 *     (fail open, counted as {@code hongbao.rate.limit.failures})
 * @param perAddress calls that reach the service without a verified caller (everything outside {@code /api/**} but
 *     health probes and Prometheus scrapes), counted per client address
 * @param trustedProxies the proxies whose {@code X-Forwarded-For} is believed (addresses or CIDR blocks); the client
 *     is the right-most hop that is not one of them. Empty (the default): the connection's address, the header ignored
 * @param perUser the per-user limits by name: the features' routes name them ({@link LimitedRoutes}), these give
 *     their numbers
 */
@ConfigurationProperties("hongbao.rate-limits")
public record RateLimitSettings(
        Duration timeout, Limit perAddress, List<String> trustedProxies, Map<String, Limit> perUser) {

    public RateLimitSettings {
        Setting.positive(timeout, "hongbao.rate-limits.timeout");
        Setting.present(perAddress, "hongbao.rate-limits.per-address");
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
        perUser = Map.copyOf(Setting.present(perUser, "hongbao.rate-limits.per-user"));
    }

    /** A token bucket: {@code burst} tokens at most, refilled at {@code perSecond}; one call takes one token. */
    public record Limit(Boolean enabled, long perSecond, long burst) {

        public Limit {
            enabled = enabled == null || enabled;
            if (enabled && (perSecond <= 0 || burst <= 0)) {
                throw new IllegalArgumentException(
                        "an enabled rate limit needs per-second and burst above 0, got " + perSecond + "/" + burst);
            }
        }
    }
}
