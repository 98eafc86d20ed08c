package io.hongbao.lottery.model.draw;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import java.time.Instant;

/** A draw whose points are spent and whose outcome is still to be decided or recorded. */
public record PendingDraw(DrawId id, WheelId wheelId, UserId userId, Instant at) {}
