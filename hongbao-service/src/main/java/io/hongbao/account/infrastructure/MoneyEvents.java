package io.hongbao.account.infrastructure;

import io.hongbao.account.model.Cents;
import io.hongbao.account.model.EscrowPayout;
import io.hongbao.account.model.LedgerKind;
import io.hongbao.account.model.Points;
import io.hongbao.account.model.UserId;
import io.hongbao.platform.outbox.OutboxEvent;
import java.time.Instant;

/**
 * The accounts' movements as events (docs/events.md, ADR 0096). Each event belongs to one account, whose signed change
 * it carries ({@code amountCents}, or {@code points}), and which lives on the database shard of the transaction that
 * writes it: a user's events on the user's shard, an escrow's on its packet's. Where one movement changes two accounts
 * (a send: the sender and the escrow; a grab paid on the packet's shard: the escrow and the grabber) it is two events,
 * one per account, in the same transaction. Ids are made of the type and the movement's unique reference (its
 * {@code transfer_ref}), so an event has one id whatever happens to its row.
 */
final class MoneyEvents {

    static final String DEPOSITED = "account.deposited";
    static final String POINTS_GRANTED = "account.points-granted";
    static final String PACKET_SENT = "packet.sent";
    static final String PACKET_FUNDED = "packet.funded";
    static final String GRAB_RECORDED = "packet.grab-recorded";
    static final String GRAB_PAID = "packet.grab-paid";
    static final String REFUND_RECORDED = "packet.refund-recorded";
    static final String REFUND_PAID = "packet.refund-paid";

    private MoneyEvents() {}

    static OutboxEvent deposited(UserId user, Cents amount, String transferRef, Instant at) {
        return OutboxEvent.of(DEPOSITED + ":" + transferRef, DEPOSITED, user.ledgerAccount(), at)
                .field("account", user.ledgerAccount())
                .field("amountCents", amount.value())
                .field("userId", user.value())
                .field("transferRef", transferRef)
                .build();
    }

    static OutboxEvent pointsGranted(UserId user, Points points, String transferRef, Instant at) {
        return OutboxEvent.of(POINTS_GRANTED + ":" + transferRef, POINTS_GRANTED, user.ledgerAccount(), at)
                .field("account", user.ledgerAccount())
                .field("points", points.value())
                .field("userId", user.value())
                .field("transferRef", transferRef)
                .build();
    }

    /** The sender's side of a send: the sender's balance debited. */
    static OutboxEvent sent(UserId sender, Cents amount, String transferRef, String packetId, Instant at) {
        return OutboxEvent.of(PACKET_SENT + ":" + transferRef, PACKET_SENT, sender.ledgerAccount(), at)
                .field("account", sender.ledgerAccount())
                .field("amountCents", -amount.value())
                .field("userId", sender.value())
                .field("packetId", packetId)
                .field("transferRef", transferRef)
                .build();
    }

    /** The escrow's side of a send: the packet's escrow funded. */
    static OutboxEvent funded(
            UserId sender, Cents amount, String escrowAccount, String transferRef, String packetId, Instant at) {
        return OutboxEvent.of(PACKET_FUNDED + ":" + transferRef, PACKET_FUNDED, escrowAccount, at)
                .field("account", escrowAccount)
                .field("amountCents", amount.value())
                .field("userId", sender.value())
                .field("packetId", packetId)
                .field("transferRef", transferRef)
                .build();
    }

    /**
     * The escrow's side of a payout, on the packet's shard: the escrow debited, the money paid to the payee in the same
     * transaction ({@code inTransit} false) or put in transit to the payee's shard.
     */
    static OutboxEvent recorded(EscrowPayout payout, boolean inTransit) {
        String type = payout.kind() == LedgerKind.PACKET_REFUNDED ? REFUND_RECORDED : GRAB_RECORDED;
        return OutboxEvent.of(type + ":" + payout.transferRef(), type, payout.escrowAccount(), payout.at())
                .field("account", payout.escrowAccount())
                .field("amountCents", -payout.amount().value())
                .field("userId", payout.payee().value())
                .field("packetId", payout.packetId())
                .field("transferRef", payout.transferRef())
                .field("inTransit", inTransit)
                .build();
    }

    /** The payee's side of a payout, on the payee's shard: the balance credited. */
    static OutboxEvent paid(EscrowPayout payout) {
        String type = payout.kind() == LedgerKind.PACKET_REFUNDED ? REFUND_PAID : GRAB_PAID;
        return OutboxEvent.of(
                        type + ":" + payout.transferRef(), type, payout.payee().ledgerAccount(), payout.at())
                .field("account", payout.payee().ledgerAccount())
                .field("amountCents", payout.amount().value())
                .field("userId", payout.payee().value())
                .field("packetId", payout.packetId())
                .field("transferRef", payout.transferRef())
                .build();
    }
}
