package io.hongbao.lottery.model;

/** The first step of a draw: spending the wheel's draw cost. Only {@link Spent} changed anything. */
public sealed interface SpendOutcome
        permits SpendOutcome.Spent,
                SpendOutcome.InsufficientPoints,
                SpendOutcome.UnknownWheel,
                SpendOutcome.PoolUnreachable {

    record Spent(PendingDraw draw) implements SpendOutcome {}

    record InsufficientPoints(long drawCost) implements SpendOutcome {}

    record UnknownWheel() implements SpendOutcome {}

    /** Redis is known to be away: spending now would leave a draw nobody can finish until it is back. */
    record PoolUnreachable() implements SpendOutcome {}
}
