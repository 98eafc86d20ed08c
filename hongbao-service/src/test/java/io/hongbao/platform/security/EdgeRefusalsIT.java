package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Requests refused before any route sees them (the request firewall, the size limits) and methods no route takes:
 * sent as raw bytes, as a client that no library stops would send them, and answered like every other refusal, with
 * the contract's error body and the security headers, and nothing changed.
 */
class EdgeRefusalsIT extends IntegrationTest {

    private static final String PACKET = "/api/v1/packets/";

    @LocalServerPort
    int port;

    @Test
    void pathsTheFirewallRefusesAnswer400WithTheContractsBodyAndHeaders() throws IOException {
        String token = tokenFor(newUser());
        for (String path : List.of(
                PACKET + "a%00b/grab",
                PACKET + "a%2Fb/grab",
                PACKET + "a%25b/grab",
                PACKET + "a;b/grab",
                PACKET + "a/../b/grab",
                PACKET + "/grab",
                PACKET + "a%0Ab/grab")) {
            Answer answer = send("POST " + path + " HTTP/1.1\r\nAuthorization: Bearer " + token + "\r\n");
            assertThat(answer.status()).as(path).isEqualTo(400);
            answer.assertContractRefusal(path, "VALIDATION_FAILED");
            assertThat(answer.body()).as(path).contains("the request's path or headers are malformed");
        }
    }

    @Test
    void aPathOrQueryWithRawBytesOutsidePrintableAsciiIs400WithTheContractsBodyAndNothingIsDeposited()
            throws IOException {
        long user = newUser();
        String token = tokenFor(user);
        for (String target : List.of(
                PACKET + "红包/grab",
                PACKET + "é",
                "/api/v1/me/packets?limit=é",
                "/api/v1/admin/accounts/" + user + "/deposits?\u00a0",
                "/api/v1/admin/accounts/" + user + "\u0085/deposits")) {
            byte[] head = ("POST " + target + " HTTP/1.1\r\nAuthorization: Bearer "
                            + (target.contains("admin") ? adminToken() : token)
                            + "\r\nContent-Type: application/json\r\nContent-Length: 15\r\n"
                            + "Idempotency-Key: raw-" + target.length() + "\r\n")
                    .getBytes(StandardCharsets.UTF_8);
            Answer answer = send(head, "{\"amount\": 500}".getBytes(StandardCharsets.UTF_8));
            assertThat(answer.status()).as(target).isEqualTo(400);
            answer.assertContractRefusal(target, "VALIDATION_FAILED");
            assertThat(answer.body()).as(target).contains("outside printable ASCII");
        }
        assertThat(api().balanceOf(user)).isZero();
    }

    @Test
    void anIdempotencyKeyOutsideVisibleAsciiIsRefusedWithTheContractsBodyAndNothingIsDeposited() throws IOException {
        long user = newUser();
        for (String key : List.of("€-key", "红包-key", "é-key", "a key")) {
            byte[] head = ("POST /api/v1/admin/accounts/" + user + "/deposits HTTP/1.1\r\nAuthorization: Bearer "
                            + adminToken() + "\r\nContent-Type: application/json\r\nContent-Length: 15\r\n"
                            + "Idempotency-Key: " + key + "\r\n")
                    .getBytes(StandardCharsets.UTF_8);
            Answer answer = send(head, "{\"amount\": 500}".getBytes(StandardCharsets.UTF_8));
            assertThat(answer.status()).as(key).isEqualTo(400);
            answer.assertContractRefusal(key, "VALIDATION_FAILED");
        }
        assertThat(api().balanceOf(user)).isZero();
    }

    @Test
    void anUnknownMethodOnAKnownPathIs405NamingTheMethodsItTakes() throws IOException {
        String token = tokenFor(newUser());
        for (String method : List.of("TRACE", "FOO")) {
            Answer grab = send(method + " " + PACKET + "abc/grab HTTP/1.1\r\nAuthorization: Bearer " + token + "\r\n");
            assertThat(grab.status()).as(method).isEqualTo(405);
            grab.assertContractRefusal(method, "METHOD_NOT_ALLOWED");
            assertThat(grab.header("allow")).as(method).contains("POST");

            Answer account = send(method + " /api/v1/me/account HTTP/1.1\r\nAuthorization: Bearer " + token + "\r\n");
            assertThat(account.status()).as(method).isEqualTo(405);
            account.assertContractRefusal(method, "METHOD_NOT_ALLOWED");
            assertThat(account.header("allow")).as(method).contains("GET");
        }
    }

    @Test
    void aTooLongPathIs414AndTooLargeHeadersAre431WithTheContractsBody() throws IOException {
        String token = tokenFor(newUser());
        Answer longPath =
                send("GET " + PACKET + "a".repeat(10_000) + " HTTP/1.1\r\nAuthorization: Bearer " + token + "\r\n");
        assertThat(longPath.status()).isEqualTo(414);
        longPath.assertContractRefusal("10 KB path", "VALIDATION_FAILED");
        assertThat(longPath.body()).contains("4096 bytes");

        long user = newUser();
        Answer bigHeader = send("POST /api/v1/admin/accounts/" + user + "/deposits HTTP/1.1\r\nAuthorization: Bearer "
                + adminToken() + "\r\nIdempotency-Key: " + "k".repeat(10_000) + "\r\n");
        assertThat(bigHeader.status()).isEqualTo(431);
        bigHeader.assertContractRefusal("10 KB header", "VALIDATION_FAILED");
        assertThat(api().balanceOf(user)).isZero();
    }

    private Answer send(String head) throws IOException {
        return send(head.getBytes(StandardCharsets.ISO_8859_1), new byte[0]);
    }

    /**
     * One request on a connection of its own: {@code head} is the request line and headers, without the blank line.
     * Sent in one write and kept alive (no {@code Connection: close}) until the answer is read by its length: a
     * refusal is answered before the body is read, and a server that closed first would reset the connection under
     * body bytes that arrived after, taking the unread answer with it.
     */
    private Answer send(byte[] head, byte[] body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.write(head);
            request.write(("Host: 127.0.0.1:" + port + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            request.write(body);
            OutputStream out = socket.getOutputStream();
            out.write(request.toByteArray());
            out.flush();
            return Answer.read(socket.getInputStream());
        }
    }

    /** An HTTP/1.1 answer with a {@code Content-Length}, read to its end. */
    record Answer(int status, Map<String, String> headers, String body) {

        static Answer read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                int next = in.read();
                if (next < 0) {
                    throw new IOException("the connection closed in the answer's head: " + head);
                }
                head.write(next);
            }
            String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Answer(
                    Integer.parseInt(lines[0].split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
        }

        String header(String name) {
            return headers.getOrDefault(name, "");
        }

        void assertContractRefusal(String what, String code) {
            assertThat(header("content-type")).as(what).startsWith("application/json");
            assertThat(body()).as(what).contains("\"code\":\"" + code + "\"").contains("\"message\":\"");
            assertThat(body()).as(what).doesNotContain("\"message\":\"null\"");
            assertThat(header("x-content-type-options")).as(what).isEqualTo("nosniff");
            assertThat(header("cache-control")).as(what).contains("no-store");
            assertThat(header("content-security-policy")).as(what).isNotEmpty();
        }
    }
}
