package io.hongbao.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The Groups and Red packets sections of the contract as test code. */
public final class RedPacketApi {

    private final WebTestClient http;
    private final LongFunction<String> tokenFor;

    public RedPacketApi(WebTestClient http, LongFunction<String> tokenFor) {
        this.http = http;
        this.tokenFor = tokenFor;
    }

    public WebTestClient.ResponseSpec createGroup(long asUser, String name, List<Long> members) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("members", members);
        return post(asUser, "/api/v1/groups", body, null);
    }

    public String newGroup(long asUser, List<Long> members) {
        return createGroup(asUser, "family", members)
                .expectStatus()
                .isCreated()
                .expectBody(GroupJson.class)
                .returnResult()
                .getResponseBody()
                .id();
    }

    public WebTestClient.ResponseSpec group(long asUser, String id) {
        return get(asUser, "/api/v1/groups/" + id);
    }

    public WebTestClient.ResponseSpec send(long asUser, Map<String, Object> body) {
        return post(asUser, "/api/v1/packets", body, null);
    }

    public WebTestClient.ResponseSpec send(long asUser, Map<String, Object> body, String idempotencyKey) {
        return post(asUser, "/api/v1/packets", body, idempotencyKey);
    }

    /** Sends a packet that must be accepted; returns it. */
    public PacketJson sendOk(long asUser, long total, int count, String type, Long expiresInSeconds, String groupId) {
        return send(asUser, packet(total, count, type, expiresInSeconds, groupId))
                .expectStatus()
                .isCreated()
                .expectBody(PacketJson.class)
                .returnResult()
                .getResponseBody();
    }

    public static Map<String, Object> packet(
            long total, int count, String type, Long expiresInSeconds, String groupId) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("totalAmount", total);
        body.put("count", count);
        body.put("type", type);
        body.put("greeting", "恭喜发财");
        body.put("expiresInSeconds", expiresInSeconds);
        body.put("groupId", groupId);
        return body;
    }

    public WebTestClient.ResponseSpec grab(long asUser, String packetId) {
        return http.post()
                .uri("/api/v1/packets/" + packetId + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor.apply(asUser)))
                .exchange();
    }

    public GrabJson grabOk(long asUser, String packetId) {
        return grab(asUser, packetId)
                .expectStatus()
                .isOk()
                .expectBody(GrabJson.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec packet(long asUser, String packetId) {
        return get(asUser, "/api/v1/packets/" + packetId);
    }

    public PacketJson packetOk(long asUser, String packetId) {
        return packet(asUser, packetId)
                .expectStatus()
                .isOk()
                .expectBody(PacketJson.class)
                .returnResult()
                .getResponseBody();
    }

    public WebTestClient.ResponseSpec myGrabs(long asUser) {
        return get(asUser, "/api/v1/me/grabs");
    }

    public WebTestClient.ResponseSpec myPackets(long asUser) {
        return get(asUser, "/api/v1/me/packets");
    }

    private WebTestClient.ResponseSpec post(long asUser, String path, Object body, String idempotencyKey) {
        return http.post()
                .uri(path)
                .headers(h -> {
                    h.setBearerAuth(tokenFor.apply(asUser));
                    if (idempotencyKey != null) {
                        h.set("Idempotency-Key", idempotencyKey);
                    }
                })
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange();
    }

    private WebTestClient.ResponseSpec get(long asUser, String path) {
        return http.get()
                .uri(path)
                .headers(h -> h.setBearerAuth(tokenFor.apply(asUser)))
                .exchange();
    }

    public record GroupJson(String id, String name, List<Long> members) {}

    public record GrabJson(String outcome, Long amount) {}

    public record GrabEntryJson(long userId, long amount, String grabbedAt) {}

    public record PacketJson(
            String id,
            long senderId,
            String type,
            String greeting,
            String groupId,
            long totalAmount,
            int count,
            long remainingAmount,
            int remainingCount,
            long refundedAmount,
            String status,
            String createdAt,
            String expiresAt,
            List<GrabEntryJson> grabs,
            Long luckiestUserId) {}
}
