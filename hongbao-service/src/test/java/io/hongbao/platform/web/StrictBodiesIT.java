package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GroupJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Bodies as the contract has them (docs/api.md, "Requests"): {@code application/json} in well-formed UTF-8, text
 * fields that can be stored exactly as acknowledged. Anything else is refused with the contract's body, and nothing
 * changes.
 */
class StrictBodiesIT extends IntegrationTest {

    private static final String GROUPS = "/api/v1/groups";

    @Test
    void anotherJsonTypeOrAnotherCharsetIs415AndDepositsNothing() {
        long user = newUser();
        String deposit = "/api/v1/admin/accounts/" + user + "/deposits";

        post(adminToken(), deposit, "application/merge-patch+json", utf8("{\"amount\": 500}"))
                .expectStatus()
                .isEqualTo(415)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("UNSUPPORTED_MEDIA_TYPE");
        post(
                        adminToken(),
                        deposit,
                        "application/json;charset=utf-16",
                        "{\"amount\": 500}".getBytes(StandardCharsets.UTF_16))
                .expectStatus()
                .isEqualTo(415);
        assertThat(api().balanceOf(user)).isZero();

        post(adminToken(), deposit, "application/json;charset=UTF-8", utf8("{\"amount\": 500}"))
                .expectStatus()
                .isOk();
        assertThat(api().balanceOf(user)).isEqualTo(500);
    }

    @Test
    void aByteOrderMarkOrBytesThatAreNotUtf8Are400AndCreateNothing() {
        long user = newUser();
        byte[] withMark = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(group("family")));
        // "fam/ily" with the slash in an overlong two-byte form, which a lenient decoder reads as "/"
        byte[] overlong = concat(
                utf8("{\"name\": \"fam"), new byte[] {(byte) 0xC0, (byte) 0xAF}, utf8("ily\", \"members\": []}"));

        post(tokenFor(user), GROUPS, "application/json", withMark)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("VALIDATION_FAILED")
                .jsonPath("$.message")
                .value(message -> assertThat((String) message).contains("byte order mark"));
        post(tokenFor(user), GROUPS, "application/json", overlong)
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.message")
                .isEqualTo("the body is not well-formed UTF-8");

        assertThat(myGroups(user)).isEmpty();
    }

    @Test
    void aLoneSurrogateOrAControlCharacterInATextFieldIs400NamingTheFieldAndChangesNothing() {
        long user = newUser();
        api().deposit(user, 1_000).expectStatus().isOk();

        post(tokenFor(user), GROUPS, "application/json", utf8(group("fam\\ud800ily")))
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.message")
                .isEqualTo("name may not contain a lone UTF-16 surrogate (U+D800) at position 3");
        post(
                        tokenFor(user),
                        "/api/v1/packets",
                        "application/json",
                        utf8("{\"totalAmount\": 100, \"count\": 2, \"greeting\": \"hi\\u0000\"}"))
                .expectStatus()
                .isBadRequest()
                .expectBody()
                .jsonPath("$.message")
                .isEqualTo("greeting may not contain a control character (U+0000) at position 2");

        assertThat(myGroups(user)).isEmpty();
        assertThat(api().balanceOf(user)).isEqualTo(1_000);
    }

    @Test
    void textOfEveryScriptIsStoredAndReadBackExactlyAsAcknowledged() {
        long user = newUser();
        api().deposit(user, 100_000).expectStatus().isOk();
        RedPacketApi groups = new RedPacketApi(http, this::tokenFor);
        List<String> corpus = List.of(
                "恭喜发财",
                "🧧 红包 🎉",
                "𠮷野家",
                "e\u0301 cafe\u0301",
                "שלום עולם",
                "مرحبا بالعالم",
                "Zürich & Ωmega",
                "红".repeat(64));
        for (String text : corpus) {
            GroupJson created = groups.createGroup(user, text, List.of())
                    .expectStatus()
                    .isCreated()
                    .expectBody(GroupJson.class)
                    .returnResult()
                    .getResponseBody();
            assertThat(created.name()).isEqualTo(text);
            assertThat(groups.group(user, created.id())
                            .expectStatus()
                            .isOk()
                            .expectBody(GroupJson.class)
                            .returnResult()
                            .getResponseBody()
                            .name())
                    .isEqualTo(text);

            Map<String, Object> packet = RedPacketApi.packet(100, 1, "EQUAL", null, null);
            packet.put("greeting", text.substring(0, Math.min(text.length(), 100)));
            PacketJson sent = groups.send(user, packet)
                    .expectStatus()
                    .isCreated()
                    .expectBody(PacketJson.class)
                    .returnResult()
                    .getResponseBody();
            assertThat(sent.greeting()).isEqualTo(packet.get("greeting"));
            assertThat(groups.packetOk(user, sent.id()).greeting()).isEqualTo(packet.get("greeting"));
        }
    }

    private WebTestClient.ResponseSpec post(String token, String path, String contentType, byte[] body) {
        return http.post()
                .uri(path)
                .headers(h -> h.setBearerAuth(token))
                .contentType(MediaType.parseMediaType(contentType))
                .bodyValue(body)
                .exchange();
    }

    private List<?> myGroups(long user) {
        return (List<?>) http.get()
                .uri("/api/v1/me/groups")
                .headers(h -> h.setBearerAuth(tokenFor(user)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody()
                .get("items");
    }

    private static String group(String name) {
        return "{\"name\": \"" + name + "\", \"members\": []}";
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
