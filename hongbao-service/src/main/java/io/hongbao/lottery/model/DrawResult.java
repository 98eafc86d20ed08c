package io.hongbao.lottery.model;

import java.time.Instant;

/** A finished draw: its one outcome and the drawer's points right after it. */
public record DrawResult(DrawId id, WheelId wheelId, DrawOutcome outcome, long pointsLeft, Instant at) {}
