package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import java.util.concurrent.CompletionStage;

/**
 * Where grabs are decided, atomically. {@link GrabOutcome.NotFound} here means only that Redis holds no state for the
 * packet; the use case then asks the database. An adapter is free to batch concurrent calls into one round trip.
 */
public interface RedPacketGrabs {

    CompletionStage<GrabOutcome> grab(PacketId id, UserId user);
}
