package io.hongbao.platform.web;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.ConfigurableWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * Which address the HTTP server listens on (docs/api.md, change 21). {@code server.address} ({@code SERVER_ADDRESS})
 * as configured wins; without it, embedded mode (no Redis and no database configured: someone trying the service on
 * their machine, with the demo sign-in handing out admin tokens) listens on loopback only, and external mode on every
 * interface as Spring Boot does. A customizer rather than a default property: it runs only where a web server is made,
 * and Spring Boot's own customizer leaves the address alone when the setting is absent, so their order is moot.
 */
public final class ServerBinding implements WebServerFactoryCustomizer<ConfigurableWebServerFactory> {

    public static final String ADDRESS = "server.address";

    static final InetAddress LOOPBACK = loopback();

    private final boolean loopbackByDefault;

    ServerBinding(boolean embeddedMode, String configuredAddress) {
        this.loopbackByDefault = loopbackByDefault(embeddedMode, configuredAddress);
    }

    @Override
    public void customize(ConfigurableWebServerFactory factory) {
        if (loopbackByDefault) {
            factory.setAddress(LOOPBACK);
        }
    }

    /** {@code server.address} as configured (any of its relaxed spellings), or null. */
    public static String configured(Binder binder) {
        String address = binder.bind(ADDRESS, String.class).map(String::trim).orElse("");
        return address.isEmpty() ? null : address;
    }

    static boolean loopbackByDefault(boolean embeddedMode, String configuredAddress) {
        return embeddedMode && configuredAddress == null;
    }

    /**
     * Whether the server listens on loopback only: the configured address is a loopback one, or none is configured in
     * embedded mode. An address that does not resolve counts as not loopback (the server would not start on it anyway).
     */
    public static boolean loopbackOnly(boolean embeddedMode, String configuredAddress) {
        if (configuredAddress == null) {
            return embeddedMode;
        }
        try {
            return InetAddress.getByName(configuredAddress).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
