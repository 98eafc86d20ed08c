package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A user grabs a share. Redis decides in one atomic step; the database hears of it later through the shard stream.
 * When Redis does not know the packet (never published after a crash, or its state was lost) the packet is rebuilt
 * from the database and the grab retried once: the rebuild carries the users who already grabbed, so a user who had
 * a share gets ALREADY_GRABBED rather than a second one.
 */
public final class GrabbingRedPacket {

    private final RedPacketGrabs grabs;
    private final PublishingRedPacket publishing;

    public GrabbingRedPacket(RedPacketGrabs grabs, PublishingRedPacket publishing) {
        this.grabs = grabs;
        this.publishing = publishing;
    }

    /** Non-blocking: completes on a Redis I/O thread, or a database thread after a rebuild. */
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        return grabs.grab(id, user).thenCompose(outcome -> {
            if (!(outcome instanceof GrabOutcome.NotFound)) {
                return CompletableFuture.completedFuture(outcome);
            }
            return publishing
                    .publishFromDatabase(id)
                    .thenCompose(known -> known ? grabs.grab(id, user) : CompletableFuture.completedFuture(outcome));
        });
    }
}
