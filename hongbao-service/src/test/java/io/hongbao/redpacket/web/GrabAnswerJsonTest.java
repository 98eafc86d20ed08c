package io.hongbao.redpacket.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.redpacket.model.GrabOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class GrabAnswerJsonTest {

    private final JsonMapper jackson = JsonMapper.builder().build();

    @Test
    void writesEveryOutcomeExactlyAsJacksonWritesTheGrabAnswer() {
        List<GrabOutcome> outcomes = List.of(
                new GrabOutcome.Grabbed(1234, Instant.EPOCH),
                new GrabOutcome.Grabbed(Long.MAX_VALUE, Instant.EPOCH),
                new GrabOutcome.AlreadyGrabbed(1),
                new GrabOutcome.SoldOut(),
                new GrabOutcome.Expired());

        for (GrabOutcome outcome : outcomes) {
            GrabAnswer answer = GrabAnswer.of(outcome);
            assertThat(new String(GrabAnswerJson.bytes(answer), StandardCharsets.UTF_8))
                    .isEqualTo(jackson.writeValueAsString(answer));
        }
    }

    @Test
    void leavesTheAmountOutWhenThereIsNone() {
        assertThat(GrabAnswerJson.bytes(GrabAnswer.of(new GrabOutcome.SoldOut())))
                .asString(StandardCharsets.US_ASCII)
                .isEqualTo("{\"outcome\":\"SOLD_OUT\"}");
    }
}
