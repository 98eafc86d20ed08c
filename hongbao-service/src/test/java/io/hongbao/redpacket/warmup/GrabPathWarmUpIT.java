package io.hongbao.redpacket.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.support.IntegrationTest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;

class GrabPathWarmUpIT extends IntegrationTest {

    @Autowired
    RedisConnection redis;

    @Autowired
    PacketKeys keys;

    @Autowired
    ConfigurableApplicationContext context;

    @Autowired
    MeterRegistry registry;

    @LocalServerPort
    int port;

    @Test
    void theServiceSaysUpOnceItsWarmUpIsOver() {
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> http.get()
                        .uri("/actuator/health")
                        .exchange()
                        .expectStatus()
                        .isOk()
                        .expectBody()
                        .jsonPath("$.status")
                        .isEqualTo("UP"));
    }

    @Test
    void aWarmUpQueuesNothingForTheDatabaseAndSaysOutOfServiceUntilDone() {
        List<String> lastIdsBefore = lastEventIds();
        GrabPathWarmUp warmUp = new GrabPathWarmUp(
                new RedPacketSettings.WarmUp(true, 8, Duration.ofSeconds(1), Duration.ofSeconds(2)),
                redis,
                keys,
                context.getBean(TokenIssuer.class));
        assertThat(warmUp.health().getStatus()).isEqualTo(Status.OUT_OF_SERVICE);

        warmUp.onReady(new ApplicationReadyEvent(new SpringApplication(), new String[0], context, Duration.ZERO));

        await().atMost(Duration.ofSeconds(60))
                .until(() -> warmUp.health().getStatus().equals(Status.UP));
        assertThat(lastEventIds()).isEqualTo(lastIdsBefore);
    }

    @Test
    void aWarmUpPastItsDeadlineStopsSendingAndEveryRequestItSentIsAnsweredNotCutOff() {
        GrabPathWarmUp warmUp = new GrabPathWarmUp(
                new RedPacketSettings.WarmUp(true, 32, Duration.ofMinutes(1), Duration.ofSeconds(2)),
                redis,
                keys,
                tokens);
        double abortsBefore = clientAborts();

        GrabPathWarmUp.Run run = warmUp.run(port);

        assertThat(run.jitSettled())
                .as("a JIT quiet for a minute, in a warm-up of 2 s")
                .isFalse();
        assertThat(run.sent()).isPositive();
        assertThat(run.answered()).as("answered of %d sent", run.sent()).isEqualTo(run.sent());
        // A connection closed under a request is counted by the server once it notices: give it that moment.
        await().during(Duration.ofMillis(500))
                .atMost(Duration.ofSeconds(3))
                .until(() -> clientAborts() == abortsBefore);
    }

    /** Calls whose client hung up before the answer, every route (the server's own count). */
    private double clientAborts() {
        return registry.find("hongbao.client.aborts").counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    /** Each shard stream's last generated id: trimming does not move it, any new event would. */
    private List<String> lastEventIds() {
        List<String> ids = new ArrayList<>();
        for (int shard = 0; shard < keys.shards(); shard++) {
            String stream = keys.stream(shard);
            if (redis.sync().exists(stream) == 0) {
                ids.add("none");
                continue;
            }
            List<Object> info = redis.sync().xinfoStream(stream);
            ids.add(String.valueOf(info.get(info.indexOf("last-generated-id") + 1)));
        }
        return ids;
    }
}
