package io.hongbao.redpacket.application;

import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketState;
import io.hongbao.redpacket.model.RebuildRefused;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnrecordedEvents;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Puts a committed packet's state into Redis. The same step publishes a new packet, publishes one a crash left
 * unpublished, and rebuilds one whose Redis state was lost: the state always comes from the database (the truth), and
 * Redis only creates it if absent, so a packet already live there is never overwritten and no share is issued twice.
 * A packet some of whose events are still on their way to the database is not rebuilt until they have arrived
 * ({@link RebuildRefused}): the database's view would count their shares as unclaimed.
 */
public final class PublishingRedPacket {

    private final RedPackets packets;
    private final HotPackets hot;
    private final UnrecordedEvents unrecorded;
    private final Executor blocking;

    /** @param blocking where database calls run (never a Netty event loop) */
    public PublishingRedPacket(RedPackets packets, HotPackets hot, UnrecordedEvents unrecorded, Executor blocking) {
        this.packets = packets;
        this.hot = hot;
        this.unrecorded = unrecorded;
        this.blocking = blocking;
    }

    /** Publishes a packet just sent (its state is known without reading it back). */
    public CompletionStage<Void> publishNew(PacketState state) {
        return hot.publish(state)
                .thenRunAsync(() -> packets.markPublished(state.packet().id()), blocking);
    }

    /**
     * Publishes or rebuilds from the database; false when the database does not know the packet. Fails with
     * {@link RebuildRefused} while some event of the packet may still be on its way to the database: nothing is changed
     * then, and the same call succeeds once the persister has caught up.
     */
    public CompletionStage<Boolean> publishFromDatabase(PacketId id) {
        return CompletableFuture.supplyAsync(() -> packets.find(id).isPresent(), blocking)
                .thenCompose(known -> known ? rebuild(id) : CompletableFuture.completedFuture(false));
    }

    /** A packet Redis holds needs no rebuild (publishing it would change nothing): it is only marked published. */
    private CompletionStage<Boolean> rebuild(PacketId id) {
        return hot.holds(id).thenCompose(live -> live ? marked(id) : rebuildLost(id));
    }

    /**
     * Asks the streams first, reads the database second. Redis does not hold the packet, and without the packet's hash
     * no script writes an event of it (grab_packets.lua answers NOT_FOUND, expire_packet.lua GONE): its events in the
     * streams can then only be acknowledged, never added. So "none unrecorded" stays true, and every event
     * acknowledged before the question was committed before it (the persister acknowledges after the commit), so the
     * read that follows sees them all. The other order could miss a grant committed and acknowledged between the read
     * and the question. A concurrent rebuild that makes the packet live again in between is harmless:
     * publish_packet.lua never replaces live state.
     */
    private CompletionStage<Boolean> rebuildLost(PacketId id) {
        return unrecorded
                .mayHold(id)
                .thenApplyAsync(
                        waiting -> {
                            if (waiting) {
                                throw new RebuildRefused(id);
                            }
                            // Rows are never deleted: the packet found a moment ago is still there.
                            return packets.state(id).orElseThrow();
                        },
                        blocking)
                .thenCompose(hot::publish)
                .thenCompose(done -> marked(id));
    }

    private CompletionStage<Boolean> marked(PacketId id) {
        return CompletableFuture.supplyAsync(
                () -> {
                    packets.markPublished(id);
                    return true;
                },
                blocking);
    }
}
