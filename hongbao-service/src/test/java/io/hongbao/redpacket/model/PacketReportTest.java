package io.hongbao.redpacket.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.UserId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PacketReportTest {

    private static final Instant SENT = Instant.parse("2026-11-22T10:00:00Z");
    private static final Instant EXPIRES = SENT.plusSeconds(60);

    private static RedPacket packet(PacketType type, long total, int count) {
        return new RedPacket(
                new PacketId("0123456789abcdefghjk"),
                UserId.of(1),
                type,
                "",
                null,
                Cents.of(total),
                count,
                SENT,
                EXPIRES);
    }

    private static PacketGrab grab(long user, int seq, long amount) {
        return new PacketGrab(UserId.of(user), seq, amount, SENT.plusSeconds(seq));
    }

    @Test
    void theLuckiestHasTheLargestShareAndTheEarliestWinsATie() {
        PacketReport report = PacketReport.of(
                packet(PacketType.RANDOM, 100, 4),
                List.of(grab(5, 3, 40), grab(6, 0, 10), grab(7, 1, 40), grab(8, 2, 10)),
                0,
                false);

        assertThat(report.luckiest()).isEqualTo(UserId.of(7));
        assertThat(report.status(SENT)).isEqualTo(PacketStatus.SOLD_OUT);
        assertThat(report.grabs()).extracting(PacketGrab::seq).containsExactly(0, 1, 2, 3);
    }

    @Test
    void noLuckiestBeforeSoldOutNorForAnEqualPacket() {
        assertThat(PacketReport.of(packet(PacketType.RANDOM, 100, 4), List.of(grab(5, 0, 40)), 0, false)
                        .luckiest())
                .isNull();
        assertThat(PacketReport.of(packet(PacketType.EQUAL, 20, 2), List.of(grab(5, 0, 10), grab(6, 1, 10)), 0, false)
                        .luckiest())
                .isNull();
    }

    @Test
    void grabbedRefundedAndRemainingAlwaysAddUpToTheTotal() {
        PacketReport open = PacketReport.of(packet(PacketType.RANDOM, 100, 4), List.of(grab(5, 0, 30)), 0, false);
        PacketReport refunded = PacketReport.of(packet(PacketType.RANDOM, 100, 4), List.of(grab(5, 0, 30)), 70, true);

        assertThat(open.remainingAmount()).isEqualTo(70);
        assertThat(open.remainingCount()).isEqualTo(3);
        assertThat(open.status(SENT)).isEqualTo(PacketStatus.ACTIVE);
        assertThat(open.status(EXPIRES)).isEqualTo(PacketStatus.EXPIRED);
        assertThat(refunded.remainingAmount()).isZero();
        assertThat(refunded.status(SENT)).isEqualTo(PacketStatus.EXPIRED);
    }
}
