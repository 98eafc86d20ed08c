package io.hongbao.redpacket.model;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The live state of packets in Redis, where grabs are decided. Non-blocking calls. */
public interface HotPackets {

    /** Creates the packet's live state unless it already exists (then nothing changes). */
    CompletionStage<Void> publish(PacketState state);

    /** The live grabs and closed flag, empty when Redis holds no state for the packet. */
    CompletionStage<Optional<LiveProgress>> progress(PacketId id);

    CompletionStage<Boolean> holds(PacketId id);

    /** A consistent snapshot of a packet in Redis. */
    record LiveProgress(java.util.List<PacketGrab> grabs, boolean closed) {}
}
