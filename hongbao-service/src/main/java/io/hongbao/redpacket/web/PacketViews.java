package io.hongbao.redpacket.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.MyGrab;
import io.hongbao.redpacket.model.PacketGrab;
import io.hongbao.redpacket.model.PacketReport;
import io.hongbao.redpacket.model.RedPacket;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;

/** The JSON shapes of the Red packets section of API.md. */
final class PacketViews {

    private PacketViews() {}

    /** A packet with its grabs ({@code GET /api/v1/packets/{id}}, the answer to a send). */
    record PacketView(
            String id,
            long senderId,
            String type,
            String greeting,
            String groupId,
            long totalAmount,
            int count,
            long remainingAmount,
            int remainingCount,
            long refundedAmount,
            String status,
            Instant createdAt,
            Instant expiresAt,
            List<GrabView> grabs,
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
    record PacketSummaryView(
            String id,
            long senderId,
            String type,
            String greeting,
            String groupId,
            long totalAmount,
            int count,
            long remainingAmount,
            int remainingCount,
            long refundedAmount,
            String status,
            Instant createdAt,
            Instant expiresAt,
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

    record GrabView(long userId, long amount, Instant grabbedAt) {
        static GrabView of(PacketGrab grab) {
            return new GrabView(grab.user().value(), grab.amount(), grab.at());
        }
    }

    record Items<T>(List<T> items) {}

    record MyGrabView(String packetId, long senderId, long amount, Instant grabbedAt) {
        static MyGrabView of(MyGrab grab) {
            return new MyGrabView(grab.packetId().value(), grab.sender().value(), grab.amount(), grab.at());
        }
    }

    /** {@code {"outcome": ..., "amount": ...}}; no amount for SOLD_OUT and EXPIRED. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record GrabAnswer(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    allowableValues = {"GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED"})
            String outcome,

            @Schema(description = "the share in cents; only with GRABBED and ALREADY_GRABBED")
            Long amount) {
        static GrabAnswer of(GrabOutcome outcome) {
            if (outcome instanceof GrabOutcome.Grabbed g) {
                return new GrabAnswer("GRABBED", g.amount());
            }
            if (outcome instanceof GrabOutcome.AlreadyGrabbed a) {
                return new GrabAnswer("ALREADY_GRABBED", a.amount());
            }
            if (outcome instanceof GrabOutcome.SoldOut) {
                return new GrabAnswer("SOLD_OUT", null);
            }
            if (outcome instanceof GrabOutcome.Expired) {
                return new GrabAnswer("EXPIRED", null);
            }
            throw new IllegalArgumentException("not an answer with a body: " + outcome);
        }
    }
}
