package io.hongbao.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

class DemoSettingsTest {

    private static final Duration HALF_A_DAY = Duration.ofHours(12);

    @Test
    void autoIsOnInEmbeddedModeOnLoopbackOnlyAndOffInExternalMode() {
        DemoSettings auto = new DemoSettings("auto", HALF_A_DAY);

        assertThat(auto.on(true, true)).isTrue();
        assertThat(auto.on(false, true)).isFalse();
        assertThat(auto.on(false, false)).isFalse();
    }

    @Test
    void autoIsOffInEmbeddedModeOnABindingOthersCanReach() {
        assertThat(new DemoSettings("auto", HALF_A_DAY).on(true, false)).isFalse();
    }

    @Test
    void anExplicitValueWinsOverTheModeAndTheBinding() {
        assertThat(new DemoSettings("true", HALF_A_DAY).on(false, false)).isTrue();
        assertThat(new DemoSettings("FALSE", HALF_A_DAY).on(true, true)).isFalse();
    }

    @Test
    void theDecisionReadsTheModeAndServerAddressFromTheSettings() throws IOException {
        assertThat(DemoEnabled.on(binder(Map.of()))).isTrue();
        assertThat(DemoEnabled.on(binder(Map.of("server.address", "127.0.0.1"))))
                .isTrue();
        assertThat(DemoEnabled.on(binder(Map.of("server.address", "0.0.0.0")))).isFalse();
        assertThat(DemoEnabled.on(binder(Map.of("server.address", "0.0.0.0", "hongbao.demo.enabled", "true"))))
                .isTrue();
        assertThat(DemoEnabled.on(binder(Map.of("hongbao.redis.url", "redis://redis:6379"))))
                .isFalse();
    }

    /** application.yml with {@code settings} over it, as the condition sees them before the beans exist. */
    private static Binder binder(Map<String, Object> settings) throws IOException {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("settings", settings));
        new YamlPropertySourceLoader()
                .load("application.yml", new ClassPathResource("application.yml"))
                .forEach(environment.getPropertySources()::addLast);
        return Binder.get(environment);
    }

    @Test
    void refusesAnythingElseAndATokenThatIsNeverValid() {
        assertThatThrownBy(() -> new DemoSettings("yes", HALF_A_DAY))
                .hasMessageContaining("hongbao.demo.enabled must be auto, true or false");
        assertThatThrownBy(() -> new DemoSettings(null, HALF_A_DAY)).hasMessageContaining("hongbao.demo.enabled");
        assertThatThrownBy(() -> new DemoSettings("auto", Duration.ZERO))
                .hasMessageContaining("hongbao.demo.token-valid-for");
    }
}
