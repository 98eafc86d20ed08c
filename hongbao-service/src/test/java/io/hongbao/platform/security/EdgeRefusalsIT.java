package io.hongbao.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RawHttp;
import io.hongbao.support.RawHttp.Answer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
        return new RawHttp(port).send(head);
    }

    private Answer send(byte[] head, byte[] body) throws IOException {
        return new RawHttp(port).send(head, body);
    }
}
