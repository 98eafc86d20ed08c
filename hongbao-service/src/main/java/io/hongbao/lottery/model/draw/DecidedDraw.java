package io.hongbao.lottery.model.draw;

/** A pending draw and the outcome Redis decided for it, to be recorded with the others of its batch. */
public record DecidedDraw(PendingDraw draw, DrawOutcome outcome) {

    public DecidedDraw {
        if (draw == null || outcome == null) {
            throw new IllegalArgumentException("a decided draw has a draw and an outcome");
        }
    }
}
