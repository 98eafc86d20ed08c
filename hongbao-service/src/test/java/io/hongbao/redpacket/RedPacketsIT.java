package io.hongbao.redpacket;

import static io.hongbao.support.RedPacketApi.packet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabEntryJson;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.test.json.JsonCompareMode;

/** The Red packets section of docs/api.md, call by call. */
class RedPacketsIT extends IntegrationTest {

    @Autowired
    RedisConnection redis;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void sendingDebitsTheSenderAndAnswersThePacket() {
        long sender = newUser();
        api().deposit(sender, 50_000).expectStatus().isOk();

        PacketJson sent = packets().sendOk(sender, 10_000, 10, "RANDOM", null, null);

        assertThat(sent.id()).isNotBlank();
        assertThat(sent.senderId()).isEqualTo(sender);
        assertThat(sent.type()).isEqualTo("RANDOM");
        assertThat(sent.greeting()).isEqualTo("恭喜发财");
        assertThat(sent.groupId()).isNull();
        assertThat(sent.totalAmount()).isEqualTo(10_000);
        assertThat(sent.count()).isEqualTo(10);
        assertThat(sent.remainingAmount()).isEqualTo(10_000);
        assertThat(sent.remainingCount()).isEqualTo(10);
        assertThat(sent.refundedAmount()).isZero();
        assertThat(sent.status()).isEqualTo("ACTIVE");
        assertThat(sent.grabs()).isEmpty();
        assertThat(sent.luckiestUserId()).isNull();
        assertThat(Duration.between(
                        java.time.Instant.parse(sent.createdAt()), java.time.Instant.parse(sent.expiresAt())))
                .isEqualTo(Duration.ofDays(1));
        assertThat(api().balanceOf(sender)).isEqualTo(40_000);
        api().ledger(sender)
                .expectBody()
                .jsonPath("$.entries[0].amount")
                .isEqualTo(-10_000)
                .jsonPath("$.entries[0].kind")
                .isEqualTo("PACKET_SENT")
                .jsonPath("$.entries[0].packetId")
                .isEqualTo(sent.id());
    }

    @Test
    void aGrabTakesAShareAndARepeatGetsTheSameAmount() {
        long sender = newUser();
        long grabber = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 1_000, 3, null, null, null);

        GrabJson first = packets().grabOk(grabber, sent.id());
        GrabJson again = packets().grabOk(grabber, sent.id());

        assertThat(first.outcome()).isEqualTo("GRABBED");
        assertThat(first.amount()).isBetween(1L, 998L);
        assertThat(again.outcome()).isEqualTo("ALREADY_GRABBED");
        assertThat(again.amount()).isEqualTo(first.amount());
        PacketJson read = packets().packetOk(grabber, sent.id());
        assertThat(read.grabs()).extracting(GrabEntryJson::userId).containsExactly(grabber);
        assertThat(read.remainingAmount()).isEqualTo(1_000 - first.amount());
        assertThat(read.remainingCount()).isEqualTo(2);
        await().atMost(Duration.ofSeconds(10)).until(() -> api().balanceOf(grabber) == first.amount());
        api().ledger(grabber)
                .expectBody()
                .jsonPath("$.entries[0].kind")
                .isEqualTo("PACKET_GRABBED")
                .jsonPath("$.entries[0].amount")
                .isEqualTo(first.amount().intValue());
    }

    @Test
    void aSoldOutPacketNamesItsLuckiestGrabberAndSaysSoldOut() {
        long sender = newUser();
        api().deposit(sender, 5_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 5_000, 4, "RANDOM", null, null);
        List<Long> grabbers = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < 4; i++) {
            long user = newUser();
            grabbers.add(user);
            GrabJson grab = packets().grabOk(user, sent.id());
            assertThat(grab.outcome()).isEqualTo("GRABBED");
            sum += grab.amount();
        }

        assertThat(packets().grabOk(newUser(), sent.id()).outcome()).isEqualTo("SOLD_OUT");
        assertThat(packets().grabOk(sender, sent.id()).outcome()).isEqualTo("SOLD_OUT");
        PacketJson read = packets().packetOk(sender, sent.id());
        assertThat(sum).isEqualTo(5_000);
        assertThat(read.status()).isEqualTo("SOLD_OUT");
        assertThat(read.remainingAmount()).isZero();
        assertThat(read.remainingCount()).isZero();
        GrabEntryJson luckiest = read.grabs().stream()
                .max((a, b) -> Long.compare(a.amount(), b.amount()))
                .orElseThrow();
        assertThat(read.luckiestUserId()).isIn(grabbers);
        assertThat(read.grabs().stream()
                        .filter(g -> g.userId() == read.luckiestUserId())
                        .findFirst()
                        .orElseThrow()
                        .amount())
                .isEqualTo(luckiest.amount());
    }

    @Test
    void anEqualPacketGivesEveryoneTheSameAndNamesNoLuckiest() {
        long sender = newUser();
        api().deposit(sender, 900).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 900, 3, "EQUAL", null, null);

        for (int i = 0; i < 3; i++) {
            assertThat(packets().grabOk(newUser(), sent.id()).amount()).isEqualTo(300);
        }

        PacketJson read = packets().packetOk(sender, sent.id());
        assertThat(read.status()).isEqualTo("SOLD_OUT");
        assertThat(read.luckiestUserId()).isNull();
    }

    @Test
    void aGrabAfterRedisForgotItsScriptsStillWorks() {
        long sender = newUser();
        api().deposit(sender, 200).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 200, 2, null, null, null);

        redis.sync().scriptFlush(); // what a Redis restart does: the next EVALSHA gets NOSCRIPT

        assertThat(packets().grabOk(newUser(), sent.id()).outcome()).isEqualTo("GRABBED");
        assertThat(packets().grabOk(newUser(), sent.id()).outcome()).isEqualTo("GRABBED");
    }

    @Test
    void theSenderMayGrabToo() {
        long sender = newUser();
        api().deposit(sender, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 100, 1, null, null, null);

        GrabJson grab = packets().grabOk(sender, sent.id());

        assertThat(grab.outcome()).isEqualTo("GRABBED");
        assertThat(grab.amount()).isEqualTo(100);
        await().atMost(Duration.ofSeconds(10)).until(() -> api().balanceOf(sender) == 100);
    }

    @Test
    void tooLittleBalanceIsInsufficientFundsAndChangesNothing() {
        long sender = newUser();
        api().deposit(sender, 999).expectStatus().isOk();

        packets()
                .send(sender, packet(1_000, 1, null, null, null))
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("INSUFFICIENT_FUNDS");

        assertThat(api().balanceOf(sender)).isEqualTo(999);
        packets().myPackets(sender).expectBody().jsonPath("$.items.length()").isEqualTo(0);
        api().ledger(sender).expectBody().jsonPath("$.entries.length()").isEqualTo(1);
    }

    @Test
    void aUserWithoutAnAccountCannotSend() {
        long sender = newUser();

        packets()
                .send(sender, packet(100, 1, null, null, null))
                .expectStatus()
                .isEqualTo(409)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("INSUFFICIENT_FUNDS");
    }

    @Test
    void aRepeatedSendWithTheSameIdempotencyKeySendsOnce() {
        long sender = newUser();
        api().deposit(sender, 10_000).expectStatus().isOk();
        var body = packet(3_000, 3, null, null, null);

        String first = packets()
                .send(sender, body, "send-1")
                .expectStatus()
                .isCreated()
                .expectBody(PacketJson.class)
                .returnResult()
                .getResponseBody()
                .id();
        String second = packets()
                .send(sender, body, "send-1")
                .expectStatus()
                .isCreated()
                .expectBody(PacketJson.class)
                .returnResult()
                .getResponseBody()
                .id();

        assertThat(second).isEqualTo(first);
        assertThat(api().balanceOf(sender)).isEqualTo(7_000);
        packets()
                .send(sender, packet(2_000, 3, null, null, null), "send-1")
                .expectStatus()
                .isEqualTo(422)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("IDEMPOTENCY_KEY_REUSED");
        assertThat(api().balanceOf(sender)).isEqualTo(7_000);
    }

    @Test
    void aGrabAnswersTheContractsJsonAndOnlyPostGrabs() {
        long sender = newUser();
        api().deposit(sender, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 100, 1, null, null, null);

        packets()
                .grab(newUser(), sent.id())
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentType("application/json")
                .expectBody()
                .json("{\"outcome\":\"GRABBED\",\"amount\":100}", JsonCompareMode.STRICT);
        packets().grab(newUser(), sent.id()).expectBody().json("{\"outcome\":\"SOLD_OUT\"}", JsonCompareMode.STRICT);
        http.get()
                .uri("/api/v1/packets/" + sent.id() + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(sender)))
                .exchange()
                .expectStatus()
                .isEqualTo(405)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("METHOD_NOT_ALLOWED");
        for (HttpMethod method : List.of(HttpMethod.PUT, HttpMethod.DELETE, HttpMethod.PATCH)) {
            http.method(method)
                    .uri("/api/v1/packets/" + sent.id() + "/grab")
                    .headers(h -> h.setBearerAuth(tokenFor(sender)))
                    .exchange()
                    .expectStatus()
                    .isEqualTo(405)
                    .expectBody()
                    .json(
                            "{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":\"Request method '" + method.name()
                                    + "' is not supported.\"}",
                            JsonCompareMode.STRICT);
        }
        http.head()
                .uri("/api/v1/packets/" + sent.id() + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(sender)))
                .exchange()
                .expectStatus()
                .isEqualTo(405);
        http.options()
                .uri("/api/v1/packets/" + sent.id() + "/grab")
                .headers(h -> h.setBearerAuth(tokenFor(sender)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .valueEquals(HttpHeaders.ALLOW, "POST,OPTIONS");
    }

    @Test
    void theGrabIsDescribedInTheOpenApiDocument() {
        http.get()
                .uri("/v3/api-docs")
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody()
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].length()")
                .isEqualTo(1)
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.operationId")
                .isEqualTo("grab")
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.summary")
                .isNotEmpty()
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.parameters[0].name")
                .isEqualTo("id")
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.parameters[0].in")
                .isEqualTo("path")
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.responses['200'].content['application/json']"
                        + ".schema.$ref")
                .isEqualTo("#/components/schemas/GrabAnswer")
                .jsonPath("$.components.schemas.GrabAnswer.properties.outcome.enum")
                .isEqualTo(List.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED"))
                .jsonPath("$.components.schemas.GrabAnswer.properties.amount.type")
                .isEqualTo("integer")
                .jsonPath("$.components.schemas.GrabAnswer.required")
                .isEqualTo(List.of("outcome"))
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.responses['401'].content['application/json']"
                        + ".schema.$ref")
                .isEqualTo("#/components/schemas/ErrorBody")
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.responses['403'].content['application/json']"
                        + ".schema.$ref")
                .isEqualTo("#/components/schemas/ErrorBody")
                .jsonPath("$.paths['/api/v1/packets/{id}/grab'].post.responses['404'].content['application/json']"
                        + ".schema.$ref")
                .isEqualTo("#/components/schemas/ErrorBody")
                .jsonPath("$.components.schemas.ErrorBody.properties.code.type")
                .isEqualTo("string")
                .jsonPath("$.components.schemas.ErrorBody.properties.message.type")
                .isEqualTo("string");
    }

    @Test
    void grabsAreTimedByOutcomeInsteadOfAsHttpServerRequests() {
        long sender = newUser();
        api().deposit(sender, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 100, 1, null, null, null);

        packets().grabOk(newUser(), sent.id());
        packets().grabOk(newUser(), sent.id());

        String metrics = prometheusScrape();
        assertThat(metrics)
                .contains("hongbao_grab_requests_seconds_count{outcome=\"GRABBED\"}")
                .contains("hongbao_grab_requests_seconds_count{outcome=\"SOLD_OUT\"}")
                .contains("http_server_requests_seconds_count");
        assertThat(metrics.lines()).noneMatch(line -> line.contains("method=\"POST\"") && line.contains("/grab\""));
    }

    @Test
    void theVerifiedTokenCacheAndTheGrabScriptsBatchesAreCountedForTheBench() {
        long sender = newUser();
        api().deposit(sender, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(sender, 100, 2, null, null, null);
        String before = prometheusScrape();
        // One token for both taps, so the second is answered from the verified-token cache.
        String token = api().tokenFor(newUser());
        String grab = "/api/v1/packets/" + sent.id() + "/grab";

        for (int tap = 0; tap < 2; tap++) {
            http.post()
                    .uri(grab)
                    .headers(h -> h.setBearerAuth(token))
                    .exchange()
                    .expectStatus()
                    .isOk();
        }

        String after = prometheusScrape();
        assertThat(counter(after, "hongbao_grab_script_grabs_total", "")
                        - counter(before, "hongbao_grab_script_grabs_total", ""))
                .isGreaterThanOrEqualTo(2);
        assertThat(counter(after, "hongbao_grab_script_calls_total", "")
                        - counter(before, "hongbao_grab_script_calls_total", ""))
                .isGreaterThanOrEqualTo(1);
        assertThat(counter(after, "hongbao_tokens_verified_total", "cache=\"hit\"")
                        - counter(before, "hongbao_tokens_verified_total", "cache=\"hit\""))
                .isGreaterThanOrEqualTo(1);
        assertThat(counter(after, "hongbao_tokens_verified_total", "cache=\"miss\"")
                        - counter(before, "hongbao_tokens_verified_total", "cache=\"miss\""))
                .isGreaterThanOrEqualTo(1);
    }

    /** The sum of the samples of {@code name} whose labels contain {@code label}. */
    private static double counter(String metrics, String name, String label) {
        return metrics.lines()
                .filter(line -> (line.startsWith(name + " ") || line.startsWith(name + "{")) && line.contains(label))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    @Test
    void unknownPacketsAreNotFound() {
        long user = newUser();

        packets()
                .grab(user, "0000000000nosuchpacket")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
        packets().grab(user, "bad$id").expectStatus().isNotFound();
        packets()
                .packet(user, "0000000000nosuchpacket")
                .expectStatus()
                .isNotFound()
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("NOT_FOUND");
    }
}
