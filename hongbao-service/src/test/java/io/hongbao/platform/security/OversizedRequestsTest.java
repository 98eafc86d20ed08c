package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

class OversizedRequestsTest {

    @Test
    void nettysHeaderLinesCountTheSameBytesAsSpringsViewOfThem() {
        HttpHeaders netty = new DefaultHttpHeaders()
                .add("Host", "localhost:8080")
                .add("Authorization", "Bearer abc.def.ghi")
                .add("Accept", "application/json")
                .add("Accept", "text/plain")
                .add("X-Empty", "");
        MockServerHttpRequest spring = MockServerHttpRequest.post("/api/v1/packets/p/grab")
                .header("Host", "localhost:8080")
                .header("Authorization", "Bearer abc.def.ghi")
                .header("Accept", "application/json", "text/plain")
                .header("X-Empty", "")
                .build();

        // name + ": " + value + CRLF for each of the five lines
        long expected = (4 + 2 + 14 + 2) + (13 + 2 + 18 + 2) + (6 + 2 + 16 + 2) + (6 + 2 + 10 + 2) + (7 + 2 + 0 + 2);
        assertThat(OversizedRequests.headerBytes(netty.iteratorCharSequence())).isEqualTo(expected);
        assertThat(OversizedRequests.headerBytes(spring)).isEqualTo(expected);
    }

    @Test
    void noHeadersAreNoBytes() {
        assertThat(OversizedRequests.headerBytes(new DefaultHttpHeaders().iteratorCharSequence()))
                .isZero();
    }
}
