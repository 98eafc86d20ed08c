package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;

/** A share given to a user. */
public record PacketGrab(UserId user, int seq, long amount, Instant at) {}
