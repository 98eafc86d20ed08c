package io.hongbao.ops;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.ops.*}; the defaults and what each setting means are in {@code application.yml} (ADR 0077).
 *
 * @param publishEvery how often each instance publishes its figures, and reads at most the persister's progress and
 *     Redis' settings for the dashboard
 * @param upWithin an instance seen within this is up
 * @param forgetAfter an instance not seen for this is taken off the board
 */
@ConfigurationProperties("hongbao.ops")
public record OpsSettings(Duration publishEvery, Duration upWithin, Duration forgetAfter) {

    public OpsSettings {
        Setting.positive(publishEvery, "hongbao.ops.publish-every");
        Setting.positive(upWithin, "hongbao.ops.up-within");
        Setting.positive(forgetAfter, "hongbao.ops.forget-after");
        if (upWithin.compareTo(publishEvery) <= 0 || forgetAfter.compareTo(upWithin) < 0) {
            throw new IllegalArgumentException(
                    "hongbao.ops: publish-every < up-within <= forget-after, or a running instance looks down");
        }
    }
}
