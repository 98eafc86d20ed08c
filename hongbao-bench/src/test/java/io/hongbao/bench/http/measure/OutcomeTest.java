package io.hongbao.bench.http.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class OutcomeTest {

    @Test
    void readsTheContractsOutcomes() {
        assertThat(Outcome.of(200, "{\"outcome\":\"GRABBED\",\"amount\":12}")).isEqualTo(Outcome.GRABBED);
        assertThat(Outcome.of(200, "{\"outcome\": \"ALREADY_GRABBED\", \"amount\": 12}"))
                .isEqualTo(Outcome.ALREADY_GRABBED);
        assertThat(Outcome.of(200, "{\"outcome\":\"SOLD_OUT\"}")).isEqualTo(Outcome.SOLD_OUT);
        assertThat(Outcome.of(200, "{\"outcome\":\"EXPIRED\"}")).isEqualTo(Outcome.EXPIRED);
    }

    @Test
    void readsADrawsAnswers() {
        assertThat(Outcome.ofDraw(200, "{\"drawId\":\"d1\",\"prize\":null,\"consolation\":{},\"pointsLeft\":8}"))
                .isEqualTo(Outcome.DRAWN);
        assertThat(Outcome.ofDraw(202, "{\"drawId\": \"d1\", \"status\": \"PENDING\"}"))
                .isEqualTo(Outcome.DRAW_PENDING);
        assertThat(Outcome.ofDraw(429, "{\"code\":\"RATE_LIMITED\"}")).isEqualTo(Outcome.HTTP_ERROR);
        assertThat(Outcome.ofDraw(409, "{\"code\":\"INSUFFICIENT_POINTS\"}")).isEqualTo(Outcome.HTTP_ERROR);
        assertThat(Outcome.ofDraw(200, "{}")).isEqualTo(Outcome.UNEXPECTED_BODY);
        assertThat(Outcome.DRAWN.isError()).isFalse();
        assertThat(Outcome.DRAW_PENDING.isError()).isFalse();
        assertThat(Outcome.of(200, "{\"drawId\":\"d1\"}"))
                .as("a grab never reads as a draw")
                .isEqualTo(Outcome.UNEXPECTED_BODY);
    }

    @Test
    void anythingElseIsAnError() {
        assertThat(Outcome.of(200, "{}")).isEqualTo(Outcome.UNEXPECTED_BODY);
        assertThat(Outcome.of(404, "{\"code\":\"NOT_FOUND\"}")).isEqualTo(Outcome.HTTP_ERROR);
        assertThat(Outcome.of(503, "")).isEqualTo(Outcome.HTTP_ERROR);
        assertThat(Outcome.HTTP_ERROR.isError()).isTrue();
        assertThat(Outcome.SOLD_OUT.isError()).isFalse();
    }

    @Test
    void failuresAreTimeoutsOrInputOutputErrors() {
        assertThat(GrabClient.failureOutcome(new RuntimeException(new TimeoutException())))
                .isEqualTo(Outcome.TIMEOUT);
        assertThat(GrabClient.failureOutcome(new java.net.ConnectException("refused")))
                .isEqualTo(Outcome.IO_ERROR);
    }

    @Test
    void countsTellErrorsAndStatusesApart() {
        OutcomeCounts counts = new OutcomeCounts();
        counts.add(Outcome.GRABBED, 200);
        counts.add(Outcome.HTTP_ERROR, 503);
        counts.add(Outcome.HTTP_ERROR, 503);
        counts.add(Outcome.TIMEOUT, 0);
        assertThat(counts.total()).isEqualTo(4);
        assertThat(counts.errors()).isEqualTo(3);
        assertThat(counts.httpStatuses()).containsEntry("503", 2L);
    }
}
