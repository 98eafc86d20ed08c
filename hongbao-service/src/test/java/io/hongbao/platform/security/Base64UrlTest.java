package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Base64UrlTest {

    @Test
    void decodesAndRefusesExactlyWhatTheJdksUrlDecoderDoes() {
        String characters = "AQgw-_9z=+/.éЖ ";
        Random random = new Random(29);
        for (int i = 0; i < 50_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int length = random.nextInt(11); length > 0; length--) {
                text.append(characters.charAt(random.nextInt(characters.length())));
            }
            String candidate = text.toString();
            assertThat(ours(candidate)).as(candidate).isEqualTo(jdks(candidate));
        }
    }

    @Test
    void decodesARegionOfALongerText() {
        String encoded = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"sub\":\"7\"}".getBytes());
        String text = "xx." + encoded + ".yy";
        byte[] out = new byte[Base64Url.maxDecodedLength(encoded.length())];

        int length = Base64Url.decode(text, 3, 3 + encoded.length(), out);

        assertThat(new String(out, 0, length)).isEqualTo("{\"sub\":\"7\"}");
    }

    private static String ours(String text) {
        byte[] out = new byte[Base64Url.maxDecodedLength(text.length())];
        try {
            return Arrays.toString(Arrays.copyOf(out, Base64Url.decode(text, 0, text.length(), out)));
        } catch (IllegalArgumentException e) {
            return "refused";
        }
    }

    private static String jdks(String text) {
        try {
            return Arrays.toString(Base64.getUrlDecoder().decode(text));
        } catch (IllegalArgumentException e) {
            return "refused";
        }
    }
}
