package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;

/** One of a user's grabs, as their history lists it. */
public record MyGrab(PacketId packetId, UserId sender, long amount, Instant at) {}
