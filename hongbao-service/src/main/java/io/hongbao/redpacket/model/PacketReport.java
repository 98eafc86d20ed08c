package io.hongbao.redpacket.model;

import io.hongbao.account.model.UserId;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * A packet with how far it has got: what was grabbed, what was refunded, and (when known) each grab. Remaining is
 * derived, so {@code grabbed + refunded + remaining = total} holds by construction for every reader.
 *
 * @param grabs every grab, or null for a summary that carries only the sums
 * @param closed the packet was closed after expiry (its refund may still be on its way to the database)
 */
public record PacketReport(
        RedPacket packet,
        long grabbedAmount,
        int grabbedCount,
        long refunded,
        boolean closed,
        UserId luckiest,
        List<PacketGrab> grabs) {

    /** The luckiest grab: the largest amount, the earliest (lowest share number) on a tie. */
    private static final Comparator<PacketGrab> LUCK =
            Comparator.comparingLong(PacketGrab::amount).reversed().thenComparingInt(PacketGrab::seq);

    public static PacketReport of(RedPacket packet, List<PacketGrab> grabs, long refunded, boolean closed) {
        List<PacketGrab> ordered =
                grabs.stream().sorted(Comparator.comparingInt(PacketGrab::seq)).toList();
        long grabbed = ordered.stream().mapToLong(PacketGrab::amount).sum();
        UserId luckiest = null;
        if (packet.type() == PacketType.RANDOM && ordered.size() == packet.count()) {
            luckiest = ordered.stream()
                    .sorted(LUCK)
                    .findFirst()
                    .map(PacketGrab::user)
                    .orElse(null);
        }
        return new PacketReport(packet, grabbed, ordered.size(), refunded, closed, luckiest, ordered);
    }

    public long remainingAmount() {
        return packet.total().value() - grabbedAmount - refunded;
    }

    public int remainingCount() {
        return packet.count() - grabbedCount;
    }

    public PacketStatus status(Instant now) {
        if (grabbedCount == packet.count()) {
            return PacketStatus.SOLD_OUT;
        }
        if (closed || packet.isExpiredAt(now)) {
            return PacketStatus.EXPIRED;
        }
        return PacketStatus.ACTIVE;
    }
}
