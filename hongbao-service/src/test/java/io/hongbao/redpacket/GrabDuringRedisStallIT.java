package io.hongbao.redpacket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.hongbao.support.RedPacketIntegrationTest;
import io.hongbao.support.RedisPause;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A lost reply: Redis pauses writes (CLIENT PAUSE) for longer than the command timeout, so the grab's script times out
 * on the client and still runs once the pause ends. The answer must not claim that nothing happened: it says a retry is
 * safe, and the retry answers ALREADY_GRABBED with the amount granted, credited once.
 */
class GrabDuringRedisStallIT extends RedPacketIntegrationTest {

    @Test
    void aGrabWhoseScriptTimedOutSaysARetryIsSafeAndTheRetryAnswersTheAmountGranted() {
        RedisPause.assumeTheServerIsThisJvmsAlone();
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        long sender = newUser();
        long grabber = newUser();
        api().deposit(sender, 1_000).expectStatus().isOk();
        PacketJson packet = packets.sendOk(sender, 1_000, 2, "EQUAL", null, null);

        ErrorJson error;
        RedisPause.writes(redis, Duration.ofSeconds(7));
        try {
            error = packets.grab(grabber, packet.id())
                    .expectStatus()
                    .isEqualTo(503)
                    .expectBody(ErrorJson.class)
                    .returnResult()
                    .getResponseBody();
        } finally {
            RedisPause.end(redis);
        }

        assertThat(error.code()).isEqualTo("UNAVAILABLE");
        assertThat(error.message()).contains("retrying is safe").contains("ALREADY_GRABBED");
        GrabJson retry = packets.grabOk(grabber, packet.id());
        assertThat(retry.outcome()).isEqualTo("ALREADY_GRABBED");
        assertThat(retry.amount()).isEqualTo(500);
        await().atMost(Duration.ofSeconds(20)).until(() -> api().balanceOf(grabber) == 500);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id = ?")
                        .param(packet.id())
                        .query(Long.class)
                        .single())
                .isEqualTo(1);
    }

    record ErrorJson(String code, String message) {}
}
