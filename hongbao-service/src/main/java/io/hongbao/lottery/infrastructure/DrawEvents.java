package io.hongbao.lottery.infrastructure;

import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;

/**
 * A draw's points movements as events (docs/events.md, ADR 0096), both belonging to the drawer's account and written
 * on the drawer's shard in the transaction of their step: the cost spent (step 1) and the outcome recorded (step 3,
 * with the consolation's points credited, 0 for a prize). Ids are the type and the draw id: one of each per draw.
 */
final class DrawEvents {

    static final String SPENT = "lottery.draw-spent";
    static final String DECIDED = "lottery.draw-decided";

    private DrawEvents() {}

    static OutboxEvent spent(PendingDraw draw, long cost) {
        return OutboxEvent.of(
                        SPENT + ":" + draw.id().value(), SPENT, draw.userId().ledgerAccount(), draw.at())
                .field("account", draw.userId().ledgerAccount())
                .field("points", -cost)
                .field("userId", draw.userId().value())
                .field("drawId", draw.id().value())
                .field("wheelId", draw.wheelId().value())
                .build();
    }

    static OutboxEvent decided(PendingDraw draw, DrawOutcome outcome, long consolationPoints, Instant at) {
        OutboxEvent.Builder event = OutboxEvent.of(
                        DECIDED + ":" + draw.id().value(),
                        DECIDED,
                        draw.userId().ledgerAccount(),
                        at)
                .field("account", draw.userId().ledgerAccount())
                .field("points", consolationPoints)
                .field("userId", draw.userId().value())
                .field("drawId", draw.id().value())
                .field("wheelId", draw.wheelId().value());
        if (outcome instanceof DrawOutcome.PrizeWon won) {
            event.field("outcome", "PRIZE")
                    .field("prizeId", won.unit().prizeId().value())
                    .field("unitSeq", won.unit().seq());
        } else {
            event.field("outcome", "CONSOLATION");
        }
        return event.build();
    }
}
