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
     * What a live stream's poller reads each time: the packet (stored once, it never changes), how far it got, and
     * whether it can still change.
     *
     * @param finished sold out, or its refund recorded: nothing about it changes any more
     */
    public record Followed(RedPacket packet, PacketReport report, boolean finished) {}

    /**
     * The packet as {@link #read} answers it to anyone allowed to see it, for the live streams' pollers, which checked
     * the viewer with {@link #read} first and hold the stored packet after their first poll ({@code known}): while Redis holds the packet open, this reads Redis alone, no database; the database
     * is read for the refund once Redis closed the packet, and for the grabs too when Redis does not hold it. Empty for
     * an unknown id.
     */
    public CompletionStage<Optional<Followed>> follow(PacketId id, Optional<RedPacket> known) {
        CompletionStage<Optional<RedPacket>> packet = known.isPresent()
                ? CompletableFuture.completedFuture(known)
                : CompletableFuture.supplyAsync(() -> packets.find(id), blocking);
        return packet.thenCompose(found -> found.isEmpty()
                ? CompletableFuture.completedFuture(Optional.<Followed>empty())
                : hot.progress(id)
                        .thenCompose(live -> followed(id, found.get(), live))
                        .thenApply(Optional::of));
    }

    private CompletionStage<Followed> followed(PacketId id, RedPacket packet, Optional<HotPackets.LiveProgress> live) {
        if (live.isPresent() && !live.get().closed()) {
            // Open in Redis: nothing is refunded yet, and Redis has every grab.
            return CompletableFuture.completedFuture(followed(packet, live.get().grabs(), Optional.empty(), false));
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    // The refund first: a refund recorded by then was computed after every grab (see read).
                    Optional<Long> refunded = packets.refunded(id);
                    return live.isPresent()
                            ? followed(packet, live.get().grabs(), refunded, true)
                            : followed(packet, packets.grabs(id), refunded, refunded.isPresent());
                },
                blocking);
    }

    private static Followed followed(
            RedPacket packet, List<PacketGrab> grabs, Optional<Long> refunded, boolean closed) {
        PacketReport report = PacketReport.of(packet, grabs, refunded.orElse(0L), closed || refunded.isPresent());
        return new Followed(packet, report, report.grabbedCount() == packet.count() || refunded.isPresent());
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
