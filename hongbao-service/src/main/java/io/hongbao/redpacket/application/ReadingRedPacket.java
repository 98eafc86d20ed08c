package io.hongbao.redpacket.application;

import io.hongbao.account.model.UserId;
import io.hongbao.group.model.Groups;
import io.hongbao.redpacket.model.HotPackets;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.RedPacket;
import io.hongbao.redpacket.model.RedPackets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Anyone with the id looks at a packet; a group packet only its members. While Redis holds the packet its grabs are
 * read there, because the database may trail the answers already given; afterwards the database has them all.
 */
public final class ReadingRedPacket {

    /** What a reader gets. */
    public sealed interface Reading permits Found, Unknown, NotVisible {}

    public record Found(PacketReport report) implements Reading {}

    public record Unknown() implements Reading {}

    public record NotVisible() implements Reading {}

    private final RedPackets packets;
    private final HotPackets hot;
    private final Groups groups;
    private final Executor blocking;

    public ReadingRedPacket(RedPackets packets, HotPackets hot, Groups groups, Executor blocking) {
        this.packets = packets;
        this.hot = hot;
        this.groups = groups;
        this.blocking = blocking;
    }

    public CompletionStage<Reading> read(PacketId id, UserId reader) {
        return CompletableFuture.supplyAsync(() -> stored(id, reader), blocking).thenCompose(stored -> {
            if (stored instanceof Answered answered) {
                return CompletableFuture.completedFuture(answered.reading());
            }
            // The refund is read before the grabs: whatever is refunded by then was computed after every grab, so
            // the grabs read next are complete for it and grabbed + refunded never exceeds the total.
            return complete(id, (Stored) stored).thenApply(Reading.class::cast);
        });
    }

    /**
     * The packet as {@link #read} answers it to anyone allowed to see it, for the live streams, which checked the
     * viewer with {@link #read} first; empty for an unknown id.
     */
    public CompletionStage<Optional<PacketReport>> current(PacketId id) {
        return CompletableFuture.supplyAsync(
                        () -> packets.find(id).map(packet -> new Stored(packet, packets.refunded(id))), blocking)
                .thenCompose(stored -> stored.isEmpty()
                        ? CompletableFuture.completedFuture(Optional.<PacketReport>empty())
                        : complete(id, stored.get()).thenApply(found -> Optional.of(found.report())));
    }

    private CompletionStage<Found> complete(PacketId id, Stored found) {
        return hot.progress(id)
                .thenCompose(live -> live.isPresent()
                        ? CompletableFuture.completedFuture(
                                found(found, live.get().grabs(), live.get().closed()))
                        : CompletableFuture.supplyAsync(() -> found(found, packets.grabs(id), false), blocking));
    }

    private Lookup stored(PacketId id, UserId reader) {
        Optional<RedPacket> packet = packets.find(id);
        if (packet.isEmpty()) {
            return new Answered(new Unknown());
        }
        if (packet.get().forGroup()
                && !groups.find(packet.get().groupId())
                        .map(g -> g.hasMember(reader))
                        .orElse(false)) {
            return new Answered(new NotVisible());
        }
        return new Stored(packet.get(), packets.refunded(id));
    }

    private static Found found(Stored stored, List<PacketGrab> grabs, boolean closed) {
        boolean refunded = stored.refunded().isPresent();
        return new Found(
                PacketReport.of(stored.packet(), grabs, stored.refunded().orElse(0L), closed || refunded));
    }

    /** The database's part of a reading: either the final answer, or the stored packet to complete from Redis. */
    private sealed interface Lookup permits Answered, Stored {}

    private record Answered(Reading reading) implements Lookup {}

    private record Stored(RedPacket packet, Optional<Long> refunded) implements Lookup {}
}
