package io.hongbao.lottery;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.LotteryApi;
import io.hongbao.support.LotteryApi.DrawJson;
import io.hongbao.support.LotteryApi.WheelJson;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Redis remembers each draw's outcome (so a repeat or the recovery gets the same unit) in a key of its own that
 * expires: nothing per wheel grows by one entry per draw, however long the wheel is drawn.
 */
class DrawOutcomeMemoryIT extends LotteryIntegrationTest {

    private static final Duration REMEMBER = Duration.ofDays(7);

    @Test
    void eachDrawsOutcomeIsRememberedInAKeyOfItsOwnThatExpires() {
        Instant now = Instant.now();
        WheelJson wheel = lottery()
                .createdWheel(LotteryApi.wheelBody(
                        now.minus(Duration.ofDays(1)), now.minus(Duration.ofHours(1)), Map.of("Mug", 3)));
        long user = userWithPoints(1_000);

        for (int i = 0; i < 5; i++) {
            DrawJson draw = lottery().drawn(user, wheel.id());
            String key = "{lottery:" + wheel.id() + "}:outcome:" + draw.drawId();
            assertThat(redis.sync().exists(key))
                    .as("the outcome of %s", draw.drawId())
                    .isEqualTo(1);
            assertThat(redis.sync().pttl(key))
                    .isBetween(REMEMBER.minusMinutes(1).toMillis(), REMEMBER.toMillis());
        }

        assertThat(redis.sync().exists("{lottery:" + wheel.id() + "}:outcomes"))
                .as("no per-wheel hash of every outcome")
                .isZero();
    }
}
