package io.hongbao.redpacket.application;

import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RedPackets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Puts a committed packet's state into Redis. The same step publishes a new packet, publishes one a crash left
 * unpublished, and rebuilds one whose Redis state was lost: the state always comes from the database (the truth), and
 * Redis only creates it if absent, so a packet already live there is never overwritten and no share is issued twice.
 */
public final class PublishingRedPacket {

    private final RedPackets packets;
    private final HotPackets hot;
    private final Executor blocking;

    /** @param blocking where database calls run (never a Netty event loop) */
    public PublishingRedPacket(RedPackets packets, HotPackets hot, Executor blocking) {
        this.packets = packets;
        this.hot = hot;
        this.blocking = blocking;
    }

    /** Publishes a packet just sent (its state is known without reading it back). */
    public CompletionStage<Void> publishNew(PacketState state) {
        return hot.publish(state)
                .thenRunAsync(() -> packets.markPublished(state.packet().id()), blocking);
    }

    /** Publishes or rebuilds from the database; false when the database does not know the packet. */
    public CompletionStage<Boolean> publishFromDatabase(PacketId id) {
        return CompletableFuture.supplyAsync(() -> packets.state(id), blocking).thenCompose(state -> {
            if (state.isEmpty()) {
                return CompletableFuture.completedFuture(false);
            }
            return hot.publish(state.get())
                    .thenApplyAsync(
                            done -> {
                                packets.markPublished(id);
                                return true;
                            },
                            blocking);
        });
    }
}
