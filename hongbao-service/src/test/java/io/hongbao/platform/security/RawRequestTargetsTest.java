package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RawRequestTargetsTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new RawRequestTargets.Marker());

    @Test
    void aTargetWithRawUtf8BytesIsPercentEncodedAndMarked() {
        // as the HTTP decoder hands it over: one character per byte received
        String received =
                new String("/api/v1/packets/红包?x=é".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);

        HttpRequest request = read(received, null);

        assertThat(request.uri()).isEqualTo("/api/v1/packets/%e7%ba%a2%e5%8c%85?x=%c3%a9");
        assertThat(request.headers().get(RawRequestTargets.MARK)).isEqualTo("1");
    }

    @Test
    void aControlCharacterInTheTargetIsPercentEncodedAndMarked() {
        HttpRequest request = read("/a\u0085b\u007f", null);

        assertThat(request.uri()).isEqualTo("/a%85b%7f");
        assertThat(request.headers().contains(RawRequestTargets.MARK)).isTrue();
    }

    @Test
    void aPrintableAsciiTargetPassesAsSentAndAMarkTheClientSentIsRemoved() {
        HttpRequest request = read("/api/v1/packets/abc-123/grab?limit=5", "1");

        assertThat(request.uri()).isEqualTo("/api/v1/packets/abc-123/grab?limit=5");
        assertThat(request.headers().contains(RawRequestTargets.MARK)).isFalse();
    }

    private HttpRequest read(String target, String forgedMark) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, target);
        if (forgedMark != null) {
            request.headers().set(RawRequestTargets.MARK, forgedMark);
        }
        channel.writeInbound(request);
        return channel.readInbound();
    }
}
