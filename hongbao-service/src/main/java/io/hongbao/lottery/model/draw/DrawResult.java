package io.hongbao.lottery.model.draw;

import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import java.time.Instant;

/** A finished draw: its one outcome and the drawer's points right after it. */
public record DrawResult(DrawId id, WheelId wheelId, DrawOutcome outcome, long pointsLeft, Instant at) {}
