package io.hongbao.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DemoSettingsTest {

    private static final Duration HALF_A_DAY = Duration.ofHours(12);

    @Test
    void autoIsOnInEmbeddedModeAndOffInExternalMode() {
        DemoSettings auto = new DemoSettings("auto", HALF_A_DAY);

        assertThat(auto.on(true)).isTrue();
        assertThat(auto.on(false)).isFalse();
    }

    @Test
    void anExplicitValueWinsOverTheMode() {
        assertThat(new DemoSettings("true", HALF_A_DAY).on(false)).isTrue();
        assertThat(new DemoSettings("FALSE", HALF_A_DAY).on(true)).isFalse();
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
