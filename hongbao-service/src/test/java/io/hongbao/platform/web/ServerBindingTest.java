package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.reactor.netty.NettyReactiveWebServerFactory;

/** docs/api.md, change 21: embedded mode listens on loopback only unless server.address says otherwise. */
class ServerBindingTest {

    @Test
    void embeddedModeWithoutAnAddressListensOnLoopbackOnly() throws Exception {
        NettyReactiveWebServerFactory factory = new NettyReactiveWebServerFactory();

        new ServerBinding(true, null).customize(factory);

        assertThat(factory.getAddress()).isEqualTo(InetAddress.getByName("127.0.0.1"));
        assertThat(ServerBinding.loopbackOnly(true, null)).isTrue();
    }

    @Test
    void aConfiguredAddressOrExternalModeIsLeftAsSpringBootBindsIt() throws Exception {
        NettyReactiveWebServerFactory configured = new NettyReactiveWebServerFactory();
        configured.setAddress(InetAddress.getByName("0.0.0.0"));
        NettyReactiveWebServerFactory external = new NettyReactiveWebServerFactory();

        new ServerBinding(true, "0.0.0.0").customize(configured);
        new ServerBinding(false, null).customize(external);

        assertThat(configured.getAddress()).isEqualTo(InetAddress.getByName("0.0.0.0"));
        assertThat(external.getAddress()).isNull();
    }

    @Test
    void onlyALoopbackAddressOrTheEmbeddedDefaultIsLoopbackOnly() {
        assertThat(ServerBinding.loopbackOnly(true, "0.0.0.0")).isFalse();
        assertThat(ServerBinding.loopbackOnly(true, "192.0.2.7")).isFalse();
        assertThat(ServerBinding.loopbackOnly(false, null)).isFalse();
        assertThat(ServerBinding.loopbackOnly(false, "127.0.0.1")).isTrue();
        assertThat(ServerBinding.loopbackOnly(true, "::1")).isTrue();
        assertThat(ServerBinding.loopbackOnly(true, "no-such-host.invalid")).isFalse();
    }

    @Test
    void theAddressIsReadTrimmedAndBlankIsNone() {
        assertThat(ServerBinding.configured(
                        new Binder(new MapConfigurationPropertySource(Map.of("server.address", " 10.0.0.5 ")))))
                .isEqualTo("10.0.0.5");
        assertThat(ServerBinding.configured(
                        new Binder(new MapConfigurationPropertySource(Map.of("server.address", "")))))
                .isNull();
        assertThat(ServerBinding.configured(new Binder(new MapConfigurationPropertySource(Map.of()))))
                .isNull();
    }
}
