package io.hongbao.lottery.model;

/** What one draw request came to: its draw, finished, or the reason nothing was spent. */
public sealed interface DrawAttempt permits DrawAttempt.Drawn, DrawAttempt.Refused {

    record Drawn(DrawResult result) implements DrawAttempt {}

    /** @param reason any {@link SpendOutcome} but {@link SpendOutcome.Spent} */
    record Refused(SpendOutcome reason) implements DrawAttempt {}
}
