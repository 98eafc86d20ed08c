package io.hongbao.demo;

import io.hongbao.platform.settings.Setting;
import java.time.Duration;
import java.util.Locale;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code hongbao.demo.*}; the defaults are in {@code application.yml}.
 *
 * @param enabled {@code auto} (on in embedded mode listening on loopback only, off otherwise), {@code true} or
 *     {@code false} (env {@code HONGBAO_DEMO_ENABLED})
 * @param tokenValidFor how long a demo token is valid
 */
@ConfigurationProperties("hongbao.demo")
public record DemoSettings(String enabled, Duration tokenValidFor) {

    static final String AUTO = "auto";

    public DemoSettings {
        String value = Setting.present(enabled, "hongbao.demo.enabled").trim().toLowerCase(Locale.ROOT);
        if (!value.equals(AUTO) && !value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("hongbao.demo.enabled must be auto, true or false, not " + enabled);
        }
        enabled = value;
        Setting.positive(tokenValidFor, "hongbao.demo.token-valid-for");
    }

    /**
     * Whether the demo sign-in exists: as set, or with {@code auto} only in embedded mode (no Redis and no database
     * configured) on a loopback binding, where the service is someone trying it on their machine; a deployment has its
     * own identity provider, and a service others can reach must not hand out admin tokens to whoever asks (docs/api.md,
     * change 21).
     */
    public boolean on(boolean embeddedMode, boolean loopbackOnly) {
        return enabled.equals(AUTO) ? embeddedMode && loopbackOnly : Boolean.parseBoolean(enabled);
    }
}
