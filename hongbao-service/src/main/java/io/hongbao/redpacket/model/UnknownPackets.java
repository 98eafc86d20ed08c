package io.hongbao.redpacket.model;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * A short memory of packet ids the database does not know. A grab of an id Redis does not hold must ask the database
 * (the packet may be committed but unpublished, or its Redis state lost); without a memory, a script grabbing an id
 * that exists nowhere costs a query per grab.
 */
public interface UnknownPackets {

    /**
     * Whether the database knows the packet, as {@code lookUp} answers it, except that an id it found unknown a moment
     * ago is answered unknown again without asking, and concurrent questions about one id share one lookup. Only
     * "unknown" is remembered: a known packet is looked up each time, since its Redis state may be lost again.
     */
    CompletionStage<Boolean> known(PacketId id, Function<PacketId, CompletionStage<Boolean>> lookUp);

    /** No memory: every question runs its lookup. */
    static UnknownPackets none() {
        return (id, lookUp) -> lookUp.apply(id);
    }
}
