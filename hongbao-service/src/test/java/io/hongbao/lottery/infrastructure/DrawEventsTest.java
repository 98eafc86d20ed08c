package io.hongbao.lottery.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.wheel.Consolation;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DrawEventsTest {

    private static final Instant AT = Instant.parse("2026-11-28T10:00:00Z");
    private static final PendingDraw DRAW = new PendingDraw(
            new DrawId("d0000000-0000-4000-8000-000000000001"),
            new WheelId("a0000000-0000-4000-8000-000000000002"),
            UserId.of(5),
            AT);

    @Test
    void aDrawsSpendAndOutcomeBothBelongToTheDrawerUnderIdsMadeOfTheDraw() {
        OutboxEvent spent = DrawEvents.spent(DRAW, 10);
        OutboxEvent decided = DrawEvents.decided(
                DRAW, new DrawOutcome.ConsolationWon(new Consolation("back", 3)), 3, AT.plusSeconds(1));

        assertThat(spent.key()).isEqualTo("user:5");
        assertThat(spent.json())
                .contains(
                        "\"id\":\"lottery.draw-spent:d0000000-0000-4000-8000-000000000001\"",
                        "\"points\":-10",
                        "\"wheelId\":\"a0000000-0000-4000-8000-000000000002\"");
        assertThat(decided.key()).isEqualTo("user:5");
        assertThat(decided.json())
                .contains(
                        "\"id\":\"lottery.draw-decided:d0000000-0000-4000-8000-000000000001\"",
                        "\"points\":3",
                        "\"outcome\":\"CONSOLATION\"")
                .doesNotContain("prizeId");
    }

    @Test
    void aPrizeCreditsNoPointsAndNamesItsUnit() {
        OutboxEvent decided = DrawEvents.decided(
                DRAW,
                new DrawOutcome.PrizeWon(new UnitRef(new PrizeId("b0000000-0000-4000-8000-000000000003"), 4), "Mug"),
                0,
                AT);

        assertThat(decided.json())
                .contains(
                        "\"points\":0",
                        "\"outcome\":\"PRIZE\"",
                        "\"prizeId\":\"b0000000-0000-4000-8000-000000000003\"",
                        "\"unitSeq\":4");
    }
}
