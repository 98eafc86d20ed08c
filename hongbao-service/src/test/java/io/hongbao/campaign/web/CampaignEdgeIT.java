package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.campaign.CampaignSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The lossy edge's door ({@link CampaignEdge}) in a real Reactor Netty server, spoken to over a socket in plain
 * HTTP/1.1: what it refuses never reaches the server's handler, what it lets through does, in order, and a connection
 * it answered goes on serving. The rate is one grab a second, burst one, so the second grab of a test is over it.
 */
class CampaignEdgeIT {

    private static final String GRAB = "/api/v1/campaigns/c1/grab";
    private static final String TRY_AGAIN = "{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":1500}";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final CampaignAdmission admission =
            new CampaignAdmission(new CampaignSettings.Admission(1, 1, 10, Duration.ofMillis(1500)), registry);
    private final List<String> handled = new CopyOnWriteArrayList<>();
    private DisposableServer server;

    @BeforeEach
    void start() {
        HttpServer plain = HttpServer.create().host("127.0.0.1").port(0);
        server = CampaignEdge.onEveryConnection(admission, (path, secure) -> Map.of("X-Frame-Options", "DENY"))
                .apply(plain)
                .handle((request, response) -> {
                    handled.add(request.method() + " " + request.uri());
                    Mono<Void> slow = request.uri().startsWith("/slow")
                            ? Mono.delay(Duration.ofMillis(300)).then()
                            : Mono.empty();
                    String body = "handled " + request.uri();
                    return request.receive()
                            .then(slow)
                            .then(response.header("Content-Length", String.valueOf(body.length()))
                                    .sendString(Mono.just(body))
                                    .then());
                })
                .bindNow();
    }

    @AfterEach
    void stop() {
        server.disposeNow();
    }

    @Test
    void aGrabOverTheRateIsAnsweredTryAgainAtTheDoorAndItsConnectionServesTheNextRequest() throws IOException {
        try (Socket socket = connect()) {
            send(socket, post(GRAB, "") + post(GRAB, "{\"x\":1}") + get("/api/v1/campaigns/c1"));

            Answer admitted = Answer.read(socket.getInputStream());
            Answer refused = Answer.read(socket.getInputStream());
            Answer next = Answer.read(socket.getInputStream());

            assertThat(admitted.body()).isEqualTo("handled " + GRAB);
            assertThat(refused.status()).isEqualTo(200);
            assertThat(refused.body()).isEqualTo(TRY_AGAIN);
            assertThat(refused.headers())
                    .containsEntry("content-type", "application/json")
                    .containsEntry("retry-after", "2")
                    .as("with the headers every answer carries")
                    .containsEntry("x-frame-options", "DENY");
            assertThat(next.body())
                    .as("the next request on the connection, after the refused one's body")
                    .isEqualTo("handled /api/v1/campaigns/c1");
        }
        assertThat(handled).containsExactly("POST " + GRAB, "GET /api/v1/campaigns/c1");
        assertThat(refusedOverTheRate()).isEqualTo(1);
    }

    @Test
    void aConnectionGoesOnReadingAfterARefusalWithNothingElseSent() throws IOException {
        admission.withinTheRate();
        try (Socket socket = connect()) {
            send(socket, post(GRAB, ""));
            assertThat(Answer.read(socket.getInputStream()).body()).isEqualTo(TRY_AGAIN);

            send(socket, post(GRAB, ""));
            assertThat(Answer.read(socket.getInputStream()).body())
                    .as("the server asks for more after a refusal, as it does after an answer")
                    .isEqualTo(TRY_AGAIN);
            send(socket, get("/api/v1/campaigns/c1"));
            assertThat(Answer.read(socket.getInputStream()).body()).isEqualTo("handled /api/v1/campaigns/c1");
        }
    }

    @Test
    void aGrabBehindAnUnansweredRequestOnItsConnectionGoesOnRatherThanOvertakeItsAnswer() throws IOException {
        admission.withinTheRate();
        try (Socket socket = connect()) {
            send(socket, get("/slow") + post(GRAB, ""));

            Answer first = Answer.read(socket.getInputStream());
            Answer second = Answer.read(socket.getInputStream());

            assertThat(first.body()).isEqualTo("handled /slow");
            assertThat(second.body()).isEqualTo("handled " + GRAB);
            send(socket, post(GRAB, ""));
            assertThat(Answer.read(socket.getInputStream()).body())
                    .as("alone on its connection again, over the rate")
                    .isEqualTo(TRY_AGAIN);
        }
        assertThat(refusedOverTheRate()).isEqualTo(1);
    }

    @Test
    void aRefusedGrabThatAsksToCloseIsAnsweredAndItsConnectionClosed() throws IOException {
        admission.withinTheRate();
        try (Socket socket = connect()) {
            send(socket, "POST " + GRAB + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");

            Answer refused = Answer.read(socket.getInputStream());

            assertThat(refused.body()).isEqualTo(TRY_AGAIN);
            assertThat(refused.headers()).containsEntry("connection", "close");
            assertThat(socket.getInputStream().read())
                    .as("closed by the service")
                    .isEqualTo(-1);
        }
        assertThat(handled).isEmpty();
    }

    @Test
    void theDoorAsksOnlyCampaignGrabsAndAsksThemAsRouted() throws IOException {
        admission.withinTheRate();
        try (Socket socket = connect()) {
            send(
                    socket,
                    get(GRAB)
                            + post("/api/v1/campaigns/c1/grabs", "")
                            + post("/api/v1/packets/p1/grab", "")
                            + post("/api/v1/campaigns/c1/gr%61b", "")
                            + post(GRAB + "?again=1", "")
                            + post("http://localhost" + GRAB, ""));

            List<String> bodies = List.of(
                    Answer.read(socket.getInputStream()).body(),
                    Answer.read(socket.getInputStream()).body(),
                    Answer.read(socket.getInputStream()).body(),
                    Answer.read(socket.getInputStream()).body(),
                    Answer.read(socket.getInputStream()).body(),
                    Answer.read(socket.getInputStream()).body());

            assertThat(bodies.subList(0, 3))
                    .containsExactly(
                            "handled " + GRAB, "handled /api/v1/campaigns/c1/grabs", "handled /api/v1/packets/p1/grab");
            assertThat(bodies.subList(3, 6))
                    .as("percent-encoded, with a query, in the absolute form: each a grab")
                    .containsOnly(TRY_AGAIN);
        }
        assertThat(refusedOverTheRate()).isEqualTo(3);
    }

    private double refusedOverTheRate() {
        return registry.get("hongbao.campaign.grabs.refused")
                .tag("reason", "rate")
                .counter()
                .count();
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private static String post(String target, String body) {
        return "POST " + target + " HTTP/1.1\r\nHost: x\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    private static void send(Socket socket, String requests) throws IOException {
        socket.getOutputStream().write(requests.getBytes(StandardCharsets.UTF_8));
        socket.getOutputStream().flush();
    }

    /** One HTTP/1.1 answer with a {@code Content-Length}, read off the socket. */
    record Answer(int status, Map<String, String> headers, String body) {

        static Answer read(InputStream in) throws IOException {
            String statusLine = line(in);
            Map<String, String> headers = new TreeMap<>();
            for (String header = line(in); !header.isEmpty(); header = line(in)) {
                int colon = header.indexOf(':');
                headers.put(
                        header.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        header.substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Answer(
                    Integer.parseInt(statusLine.split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b < 0) {
                    throw new IOException("connection closed mid-answer");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
