package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ClassPathResource;

/** The limits as the service's application.yml sets them, and as an operator's environment overrides them. */
class RateLimitSettingsTest {

    @Test
    void theShippedDefaultsArePersonProofAndScriptProof() throws Exception {
        RateLimitSettings settings = bind(Map.of());

        assertThat(settings.timeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.perUser()).containsOnlyKeys("grab", "send", "draw");
        assertThat(settings.perUser().get("grab")).isEqualTo(new RateLimitSettings.Limit(true, 20, 40));
        assertThat(settings.perUser().get("send")).isEqualTo(new RateLimitSettings.Limit(true, 5, 10));
        assertThat(settings.perUser().get("draw")).isEqualTo(new RateLimitSettings.Limit(true, 10, 20));
        assertThat(settings.perAddress()).isEqualTo(new RateLimitSettings.Limit(true, 50, 100));
        assertThat(settings.trustedProxies())
                .as("X-Forwarded-For ignored unless proxies are named")
                .isEmpty();
    }

    @Test
    void trustedProxiesAreACommaSeparatedEnvironmentVariable() throws Exception {
        RateLimitSettings settings = bind(Map.of("HONGBAO_RATELIMITS_TRUSTEDPROXIES", "10.0.0.5,10.1.0.0/16"));

        assertThat(settings.trustedProxies()).containsExactly("10.0.0.5", "10.1.0.0/16");
    }

    @Test
    void anEnvironmentVariableTurnsOneLimitOffOrChangesItAndLeavesTheOthers() throws Exception {
        RateLimitSettings settings = bind(Map.of(
                "HONGBAO_RATELIMITS_PERUSER_SEND_ENABLED", "false",
                "HONGBAO_RATELIMITS_PERUSER_GRAB_BURST", "80",
                "HONGBAO_RATELIMITS_PERADDRESS_ENABLED", "false"));

        assertThat(settings.perUser().get("send").enabled()).isFalse();
        assertThat(settings.perUser().get("grab")).isEqualTo(new RateLimitSettings.Limit(true, 20, 80));
        assertThat(settings.perUser().get("draw").enabled()).isTrue();
        assertThat(settings.perAddress().enabled()).isFalse();
    }

    @Test
    void anEnabledLimitNeedsARateAndABurst() {
        assertThatThrownBy(() -> new RateLimitSettings.Limit(true, 0, 10)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new RateLimitSettings.Limit(false, 0, 0).enabled()).isFalse();
    }

    private static RateLimitSettings bind(Map<String, Object> environment) throws Exception {
        MutablePropertySources sources = new MutablePropertySources();
        sources.addLast(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment));
        List<PropertySource<?>> yaml =
                new YamlPropertySourceLoader().load("application.yml", new ClassPathResource("application.yml"));
        yaml.forEach(sources::addLast);
        return new Binder(ConfigurationPropertySources.from(sources))
                .bind("hongbao.rate-limits", RateLimitSettings.class)
                .get();
    }
}
