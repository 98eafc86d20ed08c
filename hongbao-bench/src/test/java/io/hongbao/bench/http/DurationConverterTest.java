package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

    private final DurationConverter converter = new DurationConverter();

    @Test
    void readsShortFormsAndIso() {
        assertThat(converter.convert("60s")).isEqualTo(Duration.ofSeconds(60));
        assertThat(converter.convert("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(converter.convert("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(converter.convert("PT15S")).isEqualTo(Duration.ofSeconds(15));
        assertThat(converter.convert("15")).isEqualTo(Duration.ofSeconds(15));
    }

    @Test
    void refusesWhatIsNotADuration() {
        assertThatThrownBy(() -> converter.convert("soon")).isInstanceOf(TypeConversionException.class);
        assertThatThrownBy(() -> converter.convert("10x")).isInstanceOf(TypeConversionException.class);
    }
}
