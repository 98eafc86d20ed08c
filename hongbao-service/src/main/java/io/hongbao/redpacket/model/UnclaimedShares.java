package io.hongbao.redpacket.model;

import java.util.List;
import java.util.concurrent.CompletionStage;

/** How many shares of each live packet nobody has grabbed yet, as Redis holds them: a counter's cheap read. */
public interface UnclaimedShares {

    /**
     * Packet {@code i}'s unclaimed shares at index {@code i}; 0 for a packet that expired or that Redis does not hold.
     */
    CompletionStage<List<Long>> count(List<PacketId> packets);
}
