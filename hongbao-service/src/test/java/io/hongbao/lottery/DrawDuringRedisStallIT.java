package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.DrawItemJson;
import io.hongbao.support.LotteryApi.WheelJson;
import io.hongbao.support.RedisPause;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Redis stalls after a draw's points were spent: Redis pauses writes (CLIENT PAUSE) for longer than the command
 * timeout, so the draw's script times out on the client and still runs once the pause ends. The request cannot know
 * the outcome, but the points are spent: it answers 202 PENDING with the draw's id, and the recovery finishes the draw.
 */
class DrawDuringRedisStallIT extends LotteryIntegrationTest {

    @Test
    void aDrawWhoseRedisStepTimesOutAfterThePointsWereSpentAnswersPendingAndIsFinishedByRecovery() {
        RedisPause.assumeTheServerIsThisJvmsAlone();
        Instant now = Instant.now();
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofDays(2)), now.minus(Duration.ofHours(1)), Map.of("Mug", 5)));
        long user = userWithPoints(100);

        PendingJson answer;
        RedisPause.writes(redis, Duration.ofSeconds(7));
        try {
            answer = lottery()
                    .draw(user, wheel.id())
                    .expectStatus()
                    .isAccepted()
                    .expectBody(PendingJson.class)
                    .returnResult()
                    .getResponseBody();
        } finally {
            RedisPause.end(redis);
        }

        assertThat(answer.status()).isEqualTo("PENDING");
        String drawId = answer.drawId();
        assertThat(drawId).isNotBlank();
        assertThat(api().pointsOf(user)).isEqualTo(90);
        await().atMost(Duration.ofSeconds(30)).until(() -> drawOf(user, drawId).isPresent());
        DrawItemJson finished = drawOf(user, drawId).orElseThrow();
        assertThat(finished.prize()).as("a released unit was there to win").isNotNull();
        assertThat(count("SELECT COUNT(*) FROM lottery_draws WHERE draw_id = ? AND status = 'DONE'", drawId))
                .isEqualTo(1);
        assertThat(api().pointsOf(user)).isEqualTo(90);
    }

    record PendingJson(String drawId, String status) {}

    private Optional<DrawItemJson> drawOf(long user, String drawId) {
        return lottery().myDraws(user).items().stream()
                .filter(draw -> draw.drawId().equals(drawId))
                .findFirst();
    }
}
