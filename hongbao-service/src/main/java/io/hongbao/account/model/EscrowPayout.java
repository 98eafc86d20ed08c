package io.hongbao.account.model;

import java.time.Instant;

/**
 * Money leaving a packet's escrow account for a user (a grab or a refund). {@code transferRef} is unique per payout,
 * so recording one twice is refused by the ledger.
 */
public record EscrowPayout(
        String transferRef,
        String escrowAccount,
        String packetId,
        UserId payee,
        Cents amount,
        LedgerKind kind,
        Instant at) {

    public EscrowPayout {
        if (amount.isZero()) {
            throw new IllegalArgumentException("a payout moves at least one cent");
        }
    }
}
