package io.hongbao.platform.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Who a call without a verified caller is counted as (docs/api.md, Rate limits, change 24). */
class ClientAddressTest {

    private static final String PROXY = "10.0.0.5";

    private final ClientAddress behindOneProxy = new ClientAddress(List.of(PROXY));

    @Test
    void withNoTrustedProxyTheHeaderIsNeverRead() {
        ClientAddress none = new ClientAddress(List.of());

        assertThat(none.of("203.0.113.7", List.of("198.51.100.1"))).isEqualTo("203.0.113.7");
        assertThat(none.of(PROXY, List.of("198.51.100.1"))).isEqualTo(PROXY);
    }

    @Test
    void aCallNotFromATrustedProxyIsItsConnectionsAddressWhateverItForwards() {
        assertThat(behindOneProxy.of("203.0.113.7", List.of("198.51.100.1, 10.0.0.5")))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void behindTheProxyTheClientIsTheHopItAppended() {
        assertThat(behindOneProxy.of(PROXY, List.of("198.51.100.1"))).isEqualTo("198.51.100.1");
    }

    @Test
    void aForgedLeftMostValueGainsNothing() {
        // The client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the address it saw.
        assertThat(behindOneProxy.of(PROXY, List.of("1.2.3.4, 198.51.100.1"))).isEqualTo("198.51.100.1");
        assertThat(behindOneProxy.of(PROXY, List.of("1.2.3.4", "198.51.100.1"))).isEqualTo("198.51.100.1");
        // Forging the proxy's own address as well changes nothing either: it is left of the appended hop.
        assertThat(behindOneProxy.of(PROXY, List.of("10.0.0.5, 198.51.100.1"))).isEqualTo("198.51.100.1");
    }

    @Test
    void aChainOfTrustedProxiesIsWalkedFromTheRight() {
        ClientAddress chain = new ClientAddress(List.of("10.0.0.0/8", "192.168.1.1"));

        assertThat(chain.of("10.0.0.5", List.of("9.9.9.9, 198.51.100.1, 192.168.1.1, 10.2.3.4")))
                .isEqualTo("198.51.100.1");
    }

    @Test
    void whenEveryHopIsTrustedTheLeftMostIsAsFarAsTheChainIsKnown() {
        ClientAddress chain = new ClientAddress(List.of("10.0.0.0/8"));

        assertThat(chain.of("10.0.0.5", List.of("10.9.9.9, 10.1.1.1"))).isEqualTo("10.9.9.9");
        assertThat(chain.of("10.0.0.5", List.of())).isEqualTo("10.0.0.5");
    }

    @Test
    void ipv6HopsAndBlocks() {
        ClientAddress v6 = new ClientAddress(List.of("2001:db8:1::/48", "::1"));

        assertThat(v6.of("::1", List.of("2001:db8:ffff::9, 2001:db8:1::7"))).isEqualTo("2001:db8:ffff:0:0:0:0:9");
        assertThat(v6.of("0:0:0:0:0:0:0:1", List.of("[2001:db8:ffff::9]:443"))).isEqualTo("2001:db8:ffff:0:0:0:0:9");
        assertThat(v6.of("2001:db8:2::1", List.of("198.51.100.1"))).isEqualTo("2001:db8:2::1");
        // A proxy that writes IPv4 with a port.
        assertThat(behindOneProxy.of(PROXY, List.of("198.51.100.1:5123"))).isEqualTo("198.51.100.1");
    }

    @Test
    void aMalformedHopIsCountedAsTheTrustedProxyBeforeIt() {
        // Junk varied per call must not be a fresh bucket per call.
        assertThat(behindOneProxy.of(PROXY, List.of("junk-123"))).isEqualTo(PROXY);
        assertThat(behindOneProxy.of(PROXY, List.of("unknown"))).isEqualTo(PROXY);
        assertThat(behindOneProxy.of(PROXY, List.of("198.51.100.1, "))).isEqualTo(PROXY);
        assertThat(behindOneProxy.of(PROXY, List.of("999.1.1.1"))).isEqualTo(PROXY);
        assertThat(behindOneProxy.of(PROXY, List.of("example.com")))
                .as("never resolved")
                .isEqualTo(PROXY);
        assertThat(behindOneProxy.of(PROXY, List.of("1.2.3.4, junk, 198.51.100.1")))
                .isEqualTo("198.51.100.1");
        assertThat(behindOneProxy.of(null, List.of("198.51.100.1"))).isEqualTo("unknown");
    }

    @Test
    void aTrustedProxyThatIsNotAnAddressRefusesTheStart() {
        assertThatThrownBy(() -> new ClientAddress(List.of("proxy.internal"))).hasMessageContaining("trusted-proxies");
        assertThatThrownBy(() -> new ClientAddress(List.of("10.0.0.0/33"))).hasMessageContaining("0..32");
    }
}
