package io.hongbao.redpacket.web;

import io.hongbao.platform.ids.UserIds;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.RedPacket;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The JSON shapes of the Red packets section of docs/api.md. */
final class PacketViews {

    private PacketViews() {}

    /** A packet with its grabs ({@code GET /api/v1/packets/{id}}, the answer to a send). */
    @Schema(description = "A red packet and its grabs")
    record PacketView(
            @Schema(description = "the packet's opaque id", example = "1m854zc7rcp511m5sr0s")
            String id,

            @Schema(description = "who sent it", example = "7", minimum = "1", maximum = UserIds.MAX_TEXT)
            long senderId,

            @Schema(
                    description = "how it is split",
                    allowableValues = {"RANDOM", "EQUAL"},
                    example = "RANDOM")
            String type,

            @Schema(example = "恭喜发财") String greeting,

            @Schema(
                    description = "the group whose members alone may grab; null for everyone",
                    nullable = true,
                    example = "1m854zc7rcp511m5sr0t")
            String groupId,

            @Schema(description = "cents shared", example = "10000")
            long totalAmount,

            @Schema(description = "how many shares", example = "10")
            int count,

            @Schema(description = "cents not grabbed yet", example = "9453")
            long remainingAmount,

            @Schema(description = "shares not grabbed yet", example = "9")
            int remainingCount,

            @Schema(description = "cents that went back to the sender once it expired", example = "0")
            long refundedAmount,

            @Schema(
                    description = "`EXPIRED` once `expiresAt` has passed with shares left",
                    allowableValues = {"ACTIVE", "SOLD_OUT", "EXPIRED"},
                    example = "ACTIVE")
            String status,

            @Schema(example = "2026-11-22T10:00:00Z") Instant createdAt,
            @Schema(example = "2026-11-23T10:00:00Z") Instant expiresAt,
            @Schema(description = "every grab so far") List<GrabView> grabs,

            @Schema(
                    description = "who got the largest share, once a RANDOM packet is sold out; null before",
                    nullable = true,
                    format = "int64",
                    example = "8",
                    minimum = "1",
                    maximum = UserIds.MAX_TEXT)
            Long luckiestUserId) {

        static PacketView of(PacketReport report, Instant now) {
            RedPacket p = report.packet();
            return new PacketView(
                    p.id().value(),
                    p.sender().value(),
                    p.type().name(),
                    p.greeting(),
                    p.forGroup() ? p.groupId().value() : null,
                    p.total().value(),
                    p.count(),
                    report.remainingAmount(),
                    report.remainingCount(),
                    report.refunded(),
                    report.status(now).name(),
                    p.createdAt(),
                    p.expiresAt(),
                    report.grabs().stream().map(GrabView::of).toList(),
                    report.luckiest() == null ? null : report.luckiest().value());
        }
    }

    /** A packet without its grabs ({@code GET /api/v1/me/packets}). */
    @Schema(description = "A red packet without its grabs")
    record PacketSummaryView(
            @Schema(description = "the packet's opaque id", example = "1m854zc7rcp511m5sr0s")
            String id,

            @Schema(description = "who sent it", example = "7", minimum = "1", maximum = UserIds.MAX_TEXT)
            long senderId,

            @Schema(
                    description = "how it is split",
                    allowableValues = {"RANDOM", "EQUAL"},
                    example = "RANDOM")
            String type,

            @Schema(example = "恭喜发财") String greeting,

            @Schema(
                    description = "the group whose members alone may grab; null for everyone",
                    nullable = true,
                    example = "1m854zc7rcp511m5sr0t")
            String groupId,

            @Schema(description = "cents shared", example = "10000")
            long totalAmount,

            @Schema(description = "how many shares", example = "10")
            int count,

            @Schema(description = "cents not grabbed yet", example = "9453")
            long remainingAmount,

            @Schema(description = "shares not grabbed yet", example = "9")
            int remainingCount,

            @Schema(description = "cents that went back to the sender once it expired", example = "0")
            long refundedAmount,

            @Schema(
                    description = "`EXPIRED` once `expiresAt` has passed with shares left",
                    allowableValues = {"ACTIVE", "SOLD_OUT", "EXPIRED"},
                    example = "ACTIVE")
            String status,

            @Schema(example = "2026-11-22T10:00:00Z") Instant createdAt,
            @Schema(example = "2026-11-23T10:00:00Z") Instant expiresAt,

            @Schema(
                    description = "who got the largest share, once a RANDOM packet is sold out; null before",
                    nullable = true,
                    format = "int64",
                    example = "8",
                    minimum = "1",
                    maximum = UserIds.MAX_TEXT)
            Long luckiestUserId) {

        static PacketSummaryView of(PacketReport report, Instant now) {
            PacketView full = PacketView.of(
                    new PacketReport(
                            report.packet(),
                            report.grabbedAmount(),
                            report.grabbedCount(),
                            report.refunded(),
                            report.closed(),
                            report.luckiest(),
                            List.of()),
                    now);
            return new PacketSummaryView(
                    full.id(),
                    full.senderId(),
                    full.type(),
                    full.greeting(),
                    full.groupId(),
                    full.totalAmount(),
                    full.count(),
                    full.remainingAmount(),
                    full.remainingCount(),
                    full.refundedAmount(),
                    full.status(),
                    full.createdAt(),
                    full.expiresAt(),
                    full.luckiestUserId());
        }
    }

    @Schema(description = "A grab of a packet")
    record GrabView(
            @Schema(description = "who grabbed", example = "8", minimum = "1", maximum = UserIds.MAX_TEXT)
            long userId,

            @Schema(description = "cents grabbed", example = "547")
            long amount,

            @Schema(example = "2026-11-22T10:00:01Z") Instant grabbedAt) {
        static GrabView of(PacketGrab grab) {
            return new GrabView(grab.user().value(), grab.amount(), grab.at());
        }
    }

    @Schema(description = "A page of items, newest first")
    record Items<T>(List<T> items) {}

    @Schema(description = "A grab of the caller's")
    record MyGrabView(
            @Schema(example = "1m854zc7rcp511m5sr0s") String packetId,

            @Schema(description = "who sent the packet", example = "7", minimum = "1", maximum = UserIds.MAX_TEXT)
            long senderId,

            @Schema(description = "cents grabbed", example = "547")
            long amount,

            @Schema(example = "2026-11-22T10:00:01Z") Instant grabbedAt) {
        static MyGrabView of(MyGrab grab) {
            return new MyGrabView(grab.packetId().value(), grab.sender().value(), grab.amount(), grab.at());
        }
    }
}
