package io.hongbao.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A loopback TCP port nobody listens on right now. Another process may take it before our server binds it, so the
 * servers retry with a new port when the bind fails.
 */
final class FreePort {

    private FreePort() {}

    static int pick() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
        }
    }
}
