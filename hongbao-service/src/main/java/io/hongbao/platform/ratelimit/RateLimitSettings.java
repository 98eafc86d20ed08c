package io.hongbao.platform.ratelimit;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.rate-limits.*}: the abuse limits (ADR 0063, docs/api.md, Rate limits). Each limit is a token bucket
 * kept in Redis, so every instance counts against the same one: {@code burst} calls may come at once, and the bucket
 * refills at {@code perSecond}. {@code enabled: false} turns one limit off (for load benches).
 *
 * @param timeout how long a call waits for Redis to answer the limiter; past it, or with Redis away, the call passes
 *     (fail open, counted as {@code hongbao.rate.limit.failures})
 * @param perAddress calls that reach the service without a verified caller (everything outside {@code /api/**}),
 *     counted per client address
 * @param perUser calls of one route, counted per verified user: the key names the limit (grab, send, draw)
 */
@ConfigurationProperties("hongbao.rate-limits")
public record RateLimitSettings(Duration timeout, Limit perAddress, Map<String, RouteLimit> perUser) {

    public RateLimitSettings {
        Setting.positive(timeout, "hongbao.rate-limits.timeout");
        Setting.present(perAddress, "hongbao.rate-limits.per-address");
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

    /**
     * A {@link Limit} on one route, per user.
     *
     * @param method the HTTP method, e.g. {@code POST}
     * @param path a Spring path pattern, e.g. {@code /api/v1/packets/{id}/grab}
     */
    public record RouteLimit(String method, String path, Boolean enabled, long perSecond, long burst) {

        public RouteLimit {
            enabled = enabled == null || enabled;
            if (method == null || method.isBlank() || path == null || path.isBlank()) {
                throw new IllegalArgumentException("a per-user rate limit needs a method and a path");
            }
        }

        public Limit limit() {
            return new Limit(enabled, perSecond, burst);
        }
    }
}
