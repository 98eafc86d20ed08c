package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.hongbao.support.RedisPause;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A client that hangs up before its answer (a phone timing out in a storm) is not an error: the grab waits on a Redis
 * that pauses writes (CLIENT PAUSE, shorter than the command timeout, so the grab succeeds once it ends), the client
 * closes its socket meanwhile, and the answer the service then tries to send finds the connection closed. That is
 * counted per route, logged at DEBUG, and nothing else is written or logged as an error.
 */
class ClientHangUpIT extends RedPacketIntegrationTest {

    private static final String GRAB_ROUTE = "/api/v1/packets/{id}/grab";

    @LocalServerPort
    int port;

    @Test
    void aClientThatHangsUpDuringAGrabIsCountedAndNotLoggedAsAnError() throws Exception {
        RedisPause.assumeTheServerIsThisJvmsAlone();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long grabber = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, "EQUAL", null, null);
        double before = aborts(GRAB_ROUTE);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        logs.start();
        root.addAppender(logs);
        try {
            RedisPause.writes(redis, Duration.ofMillis(1_500));
            try (Socket socket = new Socket("127.0.0.1", port)) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST /api/v1/packets/" + packet.id() + "/grab HTTP/1.1\r\n"
                                + "Host: 127.0.0.1\r\n"
                                + "Authorization: Bearer " + tokenFor(grabber) + "\r\n"
                                + "Content-Length: 0\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                Thread.sleep(300);
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> aborts(GRAB_ROUTE) >= before + 1);
        } finally {
            RedisPause.end(redis);
            root.detachAppender(logs);
        }

        assertThat(logs.list)
                .filteredOn(event -> event.getLevel().isGreaterOrEqual(Level.ERROR))
                .isEmpty();
        assertThat(packets.grabOk(grabber, packet.id()).outcome()).isEqualTo("ALREADY_GRABBED");
    }

    private double aborts(String route) {
        Matcher counter = Pattern.compile(
                        "hongbao_client_aborts_total\\{[^}]*route=\"" + Pattern.quote(route) + "\"[^}]*} ([0-9.E+-]+)")
                .matcher(prometheusScrape());
        return counter.find() ? Double.parseDouble(counter.group(1)) : 0;
    }
}
