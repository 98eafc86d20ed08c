package io.hongbao.redpacket.warmup;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.redpacket.warm-up.*}: how hard the grab path is exercised before the service reports UP.
 *
 * @param requests grab requests sent to the service itself (about 10k runs each hot method through C2)
 * @param concurrency requests in flight at once
 * @param maxDuration UP is reported after this long even if the requests have not all answered
 */
@ConfigurationProperties("hongbao.redpacket.warm-up")
public record WarmUpSettings(Boolean enabled, int requests, int concurrency, Duration maxDuration) {

    public WarmUpSettings {
        enabled = enabled == null || enabled;
        requests = requests <= 0 ? 30_000 : requests;
        concurrency = concurrency <= 0 ? 32 : concurrency;
        maxDuration = maxDuration == null ? Duration.ofSeconds(30) : maxDuration;
    }
}
