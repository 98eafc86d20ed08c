package io.hongbao.lottery.model.draw;

/** The first step of a draw: spending the wheel's draw cost. Only {@link Spent} changed anything. */
public sealed interface SpendOutcome
        permits SpendOutcome.Spent,
                SpendOutcome.InsufficientPoints,
                SpendOutcome.UnknownWheel,
                SpendOutcome.PoolUnreachable,
                SpendOutcome.LaneBusy,
                SpendOutcome.KeyReused {

    record Spent(PendingDraw draw) implements SpendOutcome {}

    record InsufficientPoints(long drawCost) implements SpendOutcome {}

    record UnknownWheel() implements SpendOutcome {}

    /** Redis is known to be away: spending now would leave a draw nobody can finish until it is back. */
    record PoolUnreachable() implements SpendOutcome {}

    /**
     * Refused before it was spent: its database's lane already held as many waiting draws as it may, or the draw waited
     * there longer than a client waits (its client most likely gave up, and a retry would be a second paid draw).
     */
    record LaneBusy(Why why) implements SpendOutcome {}

    /**
     * The request's Idempotency-Key already answered another request of its caller (another wheel's draw, a send):
     * nothing spent, nothing recorded (ADR 0098).
     */
    record KeyReused() implements SpendOutcome {}

    /** Why a lane refused a draw. */
    enum Why {
        /** The lane already held {@code max-queued} waiting draws. */
        LANE_FULL,
        /** The draw waited in the lane longer than {@code max-wait}. */
        DEADLINE
    }
}
