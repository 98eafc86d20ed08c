package io.hongbao.platform.web;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.shutdown.*}: how an instance leaves a balancer (docs/api.md, change 23).
 *
 * @param drainFor how long the instance keeps serving after SIGTERM while its readiness says DOWN, before it stops
 *     accepting connections; 0 stops accepting at once
 */
@ConfigurationProperties("hongbao.shutdown")
public record ShutdownSettings(Duration drainFor) {

    public ShutdownSettings {
        Setting.notNegative(drainFor, "hongbao.shutdown.drain-for");
    }
}
