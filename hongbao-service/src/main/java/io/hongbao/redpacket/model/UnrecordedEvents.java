package io.hongbao.redpacket.model;

import java.util.concurrent.CompletionStage;

/**
 * Grab and refund events Redis decided and queued for the database that the database has not recorded yet. A packet
 * rebuilt from the database while some of its events are still on their way would count their shares as unclaimed.
 */
public interface UnrecordedEvents {

    /**
     * Whether some event of the packet may still be on its way to the database: true also when that cannot be told
     * cheaply (a backlog too long to look through), so false means none is.
     */
    CompletionStage<Boolean> mayHold(PacketId id);
}
