package io.hongbao.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 as raw bytes on a socket, for requests no client library would send (raw UTF-8 in a path, a 10 KB header,
 * an unknown method, invalid UTF-8 in a body).
 */
public final class RawHttp {

    private final int port;

    public RawHttp(int port) {
        this.port = port;
    }

    /** {@code head}: the request line and headers as ISO-8859-1 bytes, without the blank line; no body. */
    public Answer send(String head) throws IOException {
        return send(head.getBytes(StandardCharsets.ISO_8859_1), new byte[0]);
    }

    /**
     * One request on a connection of its own: {@code head} is the request line and headers, without the blank line.
     * Sent in one write and kept alive (no {@code Connection: close}) until the answer is read by its length: a
     * refusal is answered before the body is read, and a server that closed first would reset the connection under
     * body bytes that arrived after, taking the unread answer with it.
     */
    public Answer send(byte[] head, byte[] body) throws IOException {
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
    public record Answer(int status, Map<String, String> headers, String body) {

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

        public String header(String name) {
            return headers.getOrDefault(name, "");
        }

        /** The contract's error body with this code, and the security headers of every answer. */
        public void assertContractRefusal(String what, String code) {
            assertContractRefusal(what);
            assertThat(body()).as(what).contains("\"code\":\"" + code + "\"");
        }

        /** The contract's error body, whatever its code, and the security headers of every answer. */
        public void assertContractRefusal(String what) {
            assertThat(header("content-type")).as(what).startsWith("application/json");
            assertThat(body()).as(what).containsPattern("\"code\":\"[A-Z_]+\"").contains("\"message\":\"");
            assertThat(body()).as(what).doesNotContain("\"message\":\"null\"");
            assertThat(header("x-content-type-options")).as(what).isEqualTo("nosniff");
            assertThat(header("cache-control")).as(what).contains("no-store");
            assertThat(header("content-security-policy")).as(what).isNotEmpty();
        }
    }
}
