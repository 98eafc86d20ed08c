package io.hongbao.lottery.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;

/** A draw whose points are spent and whose outcome is still to be decided or recorded. */
public record PendingDraw(DrawId id, WheelId wheelId, UserId userId, Instant at) {}
