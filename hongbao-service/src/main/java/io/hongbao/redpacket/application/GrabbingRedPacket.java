package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RebuildRefused;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.UnknownPackets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user grabs a share. Redis decides in one atomic step; the database hears of it later through the shard stream.
 * When Redis does not know the packet (never published after a crash, or its state was lost) the packet is rebuilt
 * from the database and the grab retried once: the rebuild carries the users who already grabbed, so a user who had
 * a share gets ALREADY_GRABBED rather than a second one. While some of its grants still wait for the database, the
 * rebuild is refused and the grab fails with {@link RebuildRefused} (nothing changed, a retry is safe). An id the
 * database does not know either is remembered for a moment ({@link UnknownPackets}), so that grabbing it again costs
 * no query; Redis is always asked first, so the memory never stands between a grab and a packet Redis holds.
 */
public final class GrabbingRedPacket {

    private final RedPacketGrabs grabs;
    private final PublishingRedPacket publishing;
    private final UnknownPackets unknown;

    public GrabbingRedPacket(RedPacketGrabs grabs, PublishingRedPacket publishing, UnknownPackets unknown) {
        this.grabs = grabs;
        this.publishing = publishing;
        this.unknown = unknown;
    }

    /** Non-blocking: completes on a Redis I/O thread, or a database thread after a rebuild. */
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        return grabs.grab(id, user).thenCompose(outcome -> {
            if (!(outcome instanceof GrabOutcome.NotFound)) {
                return CompletableFuture.completedFuture(outcome);
            }
            return unknown.known(id, publishing::publishFromDatabase)
                    .thenCompose(known -> known ? grabs.grab(id, user) : CompletableFuture.completedFuture(outcome));
        });
    }
}
