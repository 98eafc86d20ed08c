package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.SecondInstance;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.Disposable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docs/api.md, Live packet events (ADR 0075). The streams are read with a plain client: the contract check reads a
 * whole body before passing it on, which a stream never ends; their refusals, which do end, go through the checked one.
 */
class LivePacketEventsIT extends IntegrationTest {

    private static final ParameterizedTypeReference<ServerSentEvent<String>> EVENTS =
            new ParameterizedTypeReference<>() {};
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry meters;

    @Autowired
    StorageEndpoints storage;

    @Autowired
    JwtSecret secret;

    private RedPacketApi packets() {
        return new RedPacketApi(http, this::tokenFor);
    }

    @Test
    void aViewerSeesAGrabMadeThroughAnotherCallWithinASecondExactlyAsGetAnswersIt() throws Exception {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 10_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 10_000, 10, null, null, null);
        BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
        Disposable stream = open(alice, sent.id(), events);
        try {
            JsonNode first = nextPacket(events, Duration.ofSeconds(15));
            assertThat(first.path("grabs")).isEmpty();
            assertThat(first).isEqualTo(getPacket(alice, sent.id()));

            long before = System.nanoTime();
            packets().grabOk(bob, sent.id());
            long answered = System.nanoTime();
            JsonNode afterGrab = nextPacket(events, Duration.ofSeconds(10));
            long shown = System.nanoTime();

            System.out.printf(
                    "live packet events: grab sent -> event %d ms (grab answered -> event %d ms)%n",
                    TimeUnit.NANOSECONDS.toMillis(shown - before), TimeUnit.NANOSECONDS.toMillis(shown - answered));
            assertThat(shown - before).isLessThan(TimeUnit.SECONDS.toNanos(1));
            assertThat(afterGrab.path("grabs")).hasSize(1);
            assertThat(afterGrab.path("grabs").get(0).path("userId").asLong()).isEqualTo(bob);
            assertThat(afterGrab.path("remainingCount").asInt()).isEqualTo(9);
            assertThat(afterGrab).isEqualTo(getPacket(bob, sent.id()));
        } finally {
            stream.dispose();
        }
    }

    @Test
    void aViewerOnOneInstanceSeesAGrabAnsweredByAnotherInstance() throws Exception {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 10_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 10_000, 10, null, null, null);
        try (SecondInstance other = SecondInstance.start(storage, secret, "live-events-second-instance")) {
            BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
            Disposable stream = open(other.port(), alice, sent.id(), events);
            try {
                assertThat(nextPacket(events, Duration.ofSeconds(10)).path("grabs"))
                        .isEmpty();

                // Answered by this test's instance; the viewer's instance never saw the grab request.
                packets().grabOk(bob, sent.id());

                JsonNode afterGrab = nextPacket(events, Duration.ofSeconds(10));
                assertThat(afterGrab.path("grabs")).hasSize(1);
                assertThat(afterGrab.path("grabs").get(0).path("userId").asLong())
                        .isEqualTo(bob);
                assertThat(afterGrab).isEqualTo(getPacket(bob, sent.id()));
            } finally {
                stream.dispose();
            }
        }
    }

    @Test
    void twoViewersOfAPacketOnOneInstanceShareOnePollerWhichStopsAfterTheLast() throws Exception {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();
        String group = packets().newGroup(alice, List.of(bob));
        PacketJson sent = packets().sendOk(alice, 1_000, 2, null, null, group);
        double watchedBefore = watched();
        double startedBefore = started();
        BlockingQueue<ServerSentEvent<String>> alices = new LinkedBlockingQueue<>();
        BlockingQueue<ServerSentEvent<String>> bobs = new LinkedBlockingQueue<>();

        Disposable one = open(alice, sent.id(), alices);
        Disposable two = open(bob, sent.id(), bobs);
        try {
            assertThat(nextPacket(alices, Duration.ofSeconds(15))).isEqualTo(nextPacket(bobs, Duration.ofSeconds(15)));
            assertThat(watched()).isEqualTo(watchedBefore + 1);
            assertThat(started()).isEqualTo(startedBefore + 1);

            packets().grabOk(bob, sent.id());
            assertThat(nextPacket(alices, Duration.ofSeconds(10))).isEqualTo(nextPacket(bobs, Duration.ofSeconds(10)));
            assertThat(started()).isEqualTo(startedBefore + 1);
        } finally {
            one.dispose();
            two.dispose();
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> watched() == watchedBefore);
    }

    @Test
    void carriesAHeartbeatComment() throws Exception {
        long alice = newUser();
        api().deposit(alice, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 100, 1, null, null, null);
        BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
        Disposable stream = open(alice, sent.id(), events);
        try {
            // The tests' heartbeat-every is 1 s (15 s by default).
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            ServerSentEvent<String> heartbeat = null;
            while (heartbeat == null && System.nanoTime() < deadline) {
                ServerSentEvent<String> event = events.poll(100, TimeUnit.MILLISECONDS);
                if (event != null && "heartbeat".equals(event.comment())) {
                    heartbeat = event;
                }
            }
            assertThat(heartbeat).isNotNull();
            assertThat(heartbeat.data()).isNull();
        } finally {
            stream.dispose();
        }
    }

    @Test
    void aNonMemberOfAGroupPacketIs403AndAnUnknownId404BeforeAnyStreaming() {
        long alice = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();
        String group = packets().newGroup(alice, List.of());
        PacketJson sent = packets().sendOk(alice, 1_000, 2, null, null, group);

        http.get()
                .uri("/api/v1/packets/{id}/events", sent.id())
                .headers(h -> h.setBearerAuth(tokenFor(newUser())))
                .exchange()
                .expectStatus()
                .isForbidden()
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo("FORBIDDEN");
        for (String unknown : List.of("0000000000nosuchpacket", "not an id!")) {
            http.get()
                    .uri("/api/v1/packets/{id}/events", unknown)
                    .headers(h -> h.setBearerAuth(tokenFor(alice)))
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("NOT_FOUND");
        }
        http.get()
                .uri("/api/v1/packets/{id}/events", sent.id())
                .exchange()
                .expectStatus()
                .isUnauthorized();
    }

    @Test
    void aUserBeyondTheirStreamCapIs429WithRetryAfterAndGetsAPlaceOnceOneOfTheirsCloses() throws Exception {
        long alice = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 1_000, 10, null, null, null);
        List<Disposable> streams = new ArrayList<>();
        try {
            // The tests' max-per-user is 3.
            for (int i = 0; i < 3; i++) {
                BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
                streams.add(open(alice, sent.id(), events));
                nextPacket(events, Duration.ofSeconds(15));
            }

            refused(alice, sent.id(), 429, "RATE_LIMITED");

            streams.remove(0).dispose();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
                Disposable again = open(alice, sent.id(), events);
                streams.add(again);
                nextPacket(events, Duration.ofSeconds(10));
            });
        } finally {
            streams.forEach(Disposable::dispose);
        }
    }

    @Test
    void anInstanceBeyondItsStreamCapIs503WithRetryAfterForAnyone() throws Exception {
        long alice = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 1_000, 10, null, null, null);
        List<Disposable> streams = new ArrayList<>();
        try {
            // The tests' max-per-instance is 12; earlier tests' streams may still be closing.
            await().atMost(Duration.ofSeconds(15)).until(() -> openStreams() == 0);
            for (int i = 0; i < 12; i++) {
                BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
                streams.add(open(newUser(), sent.id(), events));
                nextPacket(events, Duration.ofSeconds(15));
            }
            assertThat(openStreams()).isEqualTo(12);

            refused(newUser(), sent.id(), 503, "UNAVAILABLE");
        } finally {
            streams.forEach(Disposable::dispose);
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> openStreams() == 0);
    }

    @Test
    void aStreamEndsAfterTheLastStateOfAPacketThatSoldOutAndOneOpenedAfterwardsEndsAtOnce() throws Exception {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 100).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 100, 1, null, null, null);
        BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
        CountDownLatch ended = new CountDownLatch(1);
        Disposable stream = open(port, alice, sent.id(), events, ended);
        try {
            assertThat(nextPacket(events, Duration.ofSeconds(15)).path("status").asString())
                    .isEqualTo("ACTIVE");

            packets().grabOk(bob, sent.id());

            JsonNode last = nextPacket(events, Duration.ofSeconds(10));
            assertThat(last.path("status").asString()).isEqualTo("SOLD_OUT");
            assertThat(ended.await(15, TimeUnit.SECONDS)).as("the stream ended").isTrue();
        } finally {
            stream.dispose();
        }

        BlockingQueue<ServerSentEvent<String>> late = new LinkedBlockingQueue<>();
        CountDownLatch lateEnded = new CountDownLatch(1);
        Disposable lateStream = open(port, bob, sent.id(), late, lateEnded);
        try {
            assertThat(nextPacket(late, Duration.ofSeconds(15)).path("status").asString())
                    .isEqualTo("SOLD_OUT");
            assertThat(lateEnded.await(15, TimeUnit.SECONDS)).isTrue();
        } finally {
            lateStream.dispose();
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> openStreams() == 0);
    }

    @Test
    void whileRedisHoldsThePacketItsPollsReadNothingFromTheDatabase() throws Exception {
        long alice = newUser();
        long bob = newUser();
        api().deposit(alice, 1_000).expectStatus().isOk();
        PacketJson sent = packets().sendOk(alice, 1_000, 10, null, null, null);
        // No other stream's poller may read meanwhile. A stream whose client went away (an earlier test's browser) can
        // learn it only at its next write, a heartbeat (15 s) later at worst: CI once waited 15 s here in vain.
        await().atMost(Duration.ofSeconds(40)).until(() -> watched() == 0);
        BlockingQueue<ServerSentEvent<String>> events = new LinkedBlockingQueue<>();
        Disposable stream = open(alice, sent.id(), events);
        try {
            nextPacket(events, Duration.ofSeconds(15));
            double readsAfterFirstPoll = databaseReads();

            // About 8 polls (250 ms each) and a grab, all while Redis holds the packet.
            Thread.sleep(1_000);
            packets().grabOk(bob, sent.id());
            assertThat(nextPacket(events, Duration.ofSeconds(10)).path("grabs")).hasSize(1);
            Thread.sleep(1_000);

            assertThat(databaseReads() - readsAfterFirstPoll)
                    .as("database reads by the poller after its first poll")
                    .isZero();
        } finally {
            stream.dispose();
        }
    }

    private void refused(long asUser, String packetId, int status, String code) {
        http.get()
                .uri("/api/v1/packets/{id}/events", packetId)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .exchange()
                .expectStatus()
                .isEqualTo(status)
                .expectHeader()
                .valueEquals("Retry-After", "2")
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody()
                .jsonPath("$.code")
                .isEqualTo(code);
    }

    private Disposable open(long asUser, String packetId, BlockingQueue<ServerSentEvent<String>> into) {
        return open(port, asUser, packetId, into);
    }

    private Disposable open(
            int instancePort, long asUser, String packetId, BlockingQueue<ServerSentEvent<String>> into) {
        return open(instancePort, asUser, packetId, into, new CountDownLatch(1));
    }

    private Disposable open(
            int instancePort,
            long asUser,
            String packetId,
            BlockingQueue<ServerSentEvent<String>> into,
            CountDownLatch ended) {
        return WebClient.create("http://localhost:" + instancePort)
                .get()
                .uri("/api/v1/packets/{id}/events", packetId)
                .headers(h -> h.setBearerAuth(tokenFor(asUser)))
                .accept(MediaType.TEXT_EVENT_STREAM)
                .retrieve()
                .bodyToFlux(EVENTS)
                .subscribe(into::add, failure -> ended.countDown(), ended::countDown);
    }

    /** The next {@code packet} event's data, skipping heartbeats. */
    private static JsonNode nextPacket(BlockingQueue<ServerSentEvent<String>> events, Duration within)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            ServerSentEvent<String> event = events.poll(Math.max(left, 0), TimeUnit.NANOSECONDS);
            assertThat(event).as("a packet event within " + within).isNotNull();
            if ("packet".equals(event.event())) {
                return JSON.readTree(event.data());
            }
        }
    }

    private JsonNode getPacket(long asUser, String packetId) {
        return JSON.readTree(packets()
                .packet(asUser, packetId)
                .expectStatus()
                .isOk()
                .expectBody()
                .returnResult()
                .getResponseBody());
    }

    private double openStreams() {
        return meters.get("hongbao.live.streams.open").gauge().value();
    }

    private double databaseReads() {
        return meters.get("hongbao.live.database.reads").counter().count();
    }

    private double watched() {
        return meters.get("hongbao.live.packets.watched").gauge().value();
    }

    private double started() {
        return meters.get("hongbao.live.pollers.started").counter().count();
    }
}
