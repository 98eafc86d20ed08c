package io.hongbao.lottery.model.draw;

import io.hongbao.lottery.model.DrawId;

/** What one draw request came to: its draw, finished or still undecided, or the reason nothing was spent. */
public sealed interface DrawAttempt permits DrawAttempt.Drawn, DrawAttempt.Undecided, DrawAttempt.Refused {

    record Drawn(DrawResult result) implements DrawAttempt {}

    /**
     * The points are spent and the draw is recorded PENDING, but deciding or recording its outcome failed (Redis or the
     * database did not answer): the outcome is unknown here, and the draw recovery finishes it. Also a draw whose
     * spend was sent but whose commit was not acknowledged: it may be spent (then PENDING, and the recovery finishes
     * it) or not (then it never appears), but it is never spent twice and never said to be unspent.
     */
    record Undecided(DrawId draw) implements DrawAttempt {}

    /** @param reason any {@link SpendOutcome} but {@link SpendOutcome.Spent} */
    record Refused(SpendOutcome reason) implements DrawAttempt {}
}
