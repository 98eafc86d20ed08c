package io.hongbao.lottery.model.draw;

import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.wheel.Consolation;

/** What a draw won: exactly one of a prize unit or the wheel's consolation. */
public sealed interface DrawOutcome permits DrawOutcome.PrizeWon, DrawOutcome.ConsolationWon {

    /** The earliest released unit that nobody had won yet. */
    record PrizeWon(UnitRef unit, String prizeName) implements DrawOutcome {}

    /** No unit was released and unwon at the moment of the draw. */
    record ConsolationWon(Consolation consolation) implements DrawOutcome {}
}
