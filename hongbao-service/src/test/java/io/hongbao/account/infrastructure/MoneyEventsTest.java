package io.hongbao.account.infrastructure;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MoneyEventsTest {

    private static final Instant AT = Instant.parse("2026-11-28T10:00:00Z");
    private static final EscrowPayout GRAB = new EscrowPayout(
            "grab:p1:7", "escrow:p1", "p1", UserId.of(7), Cents.of(125), LedgerKind.PACKET_GRABBED, AT);

    @Test
    void aGrabIsRecordedOnTheEscrowItLeavesAndPaidToTheGrabbersAccountEachWithItsOwnSignedChange() {
        OutboxEvent recorded = MoneyEvents.recorded(GRAB, true);
        OutboxEvent paid = MoneyEvents.paid(GRAB);

        assertThat(recorded.key()).isEqualTo("escrow:p1");
        assertThat(recorded.json())
                .startsWith("{\"id\":\"packet.grab-recorded:grab:p1:7\",\"type\":\"packet.grab-recorded\"")
                .contains(
                        "\"account\":\"escrow:p1\"",
                        "\"amountCents\":-125",
                        "\"userId\":7",
                        "\"packetId\":\"p1\"",
                        "\"inTransit\":true");
        assertThat(paid.key()).isEqualTo("user:7");
        assertThat(paid.json())
                .startsWith("{\"id\":\"packet.grab-paid:grab:p1:7\",\"type\":\"packet.grab-paid\"")
                .contains("\"amountCents\":125");
    }

    @Test
    void aRefundIsARefundOnBothSides() {
        EscrowPayout refund = new EscrowPayout(
                "refund:p1", "escrow:p1", "p1", UserId.of(3), Cents.of(40), LedgerKind.PACKET_REFUNDED, AT);

        assertThat(MoneyEvents.recorded(refund, false).json())
                .contains("\"type\":\"packet.refund-recorded\"", "\"amountCents\":-40", "\"inTransit\":false");
        assertThat(MoneyEvents.paid(refund).json())
                .contains("\"id\":\"packet.refund-paid:refund:p1\"", "\"amountCents\":40");
        assertThat(MoneyEvents.paid(refund).key()).isEqualTo("user:3");
    }

    @Test
    void aSendDebitsTheSenderAndFundsTheEscrowUnderIdsMadeOfItsTransfer() {
        OutboxEvent sent = MoneyEvents.sent(UserId.of(3), Cents.of(500), "send:p1", "p1", AT);
        OutboxEvent funded = MoneyEvents.funded(UserId.of(3), Cents.of(500), "escrow:p1", "send:p1", "p1", AT);

        assertThat(sent.key()).isEqualTo("user:3");
        assertThat(sent.json()).contains("\"id\":\"packet.sent:send:p1\"", "\"amountCents\":-500");
        assertThat(funded.key()).isEqualTo("escrow:p1");
        assertThat(funded.json()).contains("\"id\":\"packet.funded:send:p1\"", "\"amountCents\":500");
    }

    @Test
    void theSameMovementAlwaysGivesTheSameEvent() {
        assertThat(MoneyEvents.deposited(UserId.of(9), Cents.of(1), "deposit:x", AT))
                .isEqualTo(MoneyEvents.deposited(UserId.of(9), Cents.of(1), "deposit:x", AT));
    }
}
