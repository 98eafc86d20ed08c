package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalNumbersTest {

    @ParameterizedTest(name = "{0} is refused")
    @ValueSource(strings = {"", " ", " 7", "7 ", "+7", "-7", "007", "00", "0x10", "#10", "1e3", "1.0", "7a", "٧", "１"})
    void anythingButPlainDecimalDigitsIsRefused(String text) {
        assertThatThrownBy(() -> CanonicalNumbers.parseLong(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(CanonicalNumbers.RULE);
        assertThatThrownBy(() -> CanonicalNumbers.parseInt(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void plainDigitsAreReadAsThemselves() {
        assertThat(CanonicalNumbers.parseLong("0")).isZero();
        assertThat(CanonicalNumbers.parseLong("7")).isEqualTo(7);
        assertThat(CanonicalNumbers.parseLong("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(CanonicalNumbers.parseInt("2147483647")).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void aNumberBeyondTheTypeIsRefusedAsOutOfRange() {
        assertThatThrownBy(() -> CanonicalNumbers.parseLong("9223372036854775808"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> CanonicalNumbers.parseInt("2147483648"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of range");
    }
}
