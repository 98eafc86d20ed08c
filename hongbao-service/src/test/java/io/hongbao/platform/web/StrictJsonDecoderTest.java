package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.core.codec.DecodingException;

class StrictJsonDecoderTest {

    @Test
    void wellFormedUtf8PassesWhateverItsScript() {
        assertThatCode(() -> StrictJsonDecoder.requireWellFormedUtf8(
                        "{\"name\": \"恭喜发财 🧧\"}".getBytes(StandardCharsets.UTF_8)))
                .doesNotThrowAnyException();
    }

    @Test
    void aByteOrderMarkBeforeTheJsonIsRefused() {
        byte[] body = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'};
        assertThatThrownBy(() -> StrictJsonDecoder.requireWellFormedUtf8(body))
                .isInstanceOf(DecodingException.class)
                .hasMessageContaining("byte order mark");
    }

    @Test
    void anOverlongFormATruncatedSequenceAndAnEncodedSurrogateAreRefused() {
        byte[][] bodies = {
            {'"', 'a', (byte) 0xC0, (byte) 0xAF, '"'}, // "/" in two bytes
            {'"', (byte) 0xE6, (byte) 0x81, '"'}, // the first two of three bytes
            {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'}, // U+D800 encoded as if a character
        };
        for (byte[] body : bodies) {
            assertThatThrownBy(() -> StrictJsonDecoder.requireWellFormedUtf8(body))
                    .isInstanceOf(DecodingException.class)
                    .hasMessage("the body is not well-formed UTF-8");
        }
    }
}
