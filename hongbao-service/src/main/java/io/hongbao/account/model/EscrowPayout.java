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

    /**
     * The transit account a payout's money waits in on the escrow's database, while its payee's account is on another
     * (ADR 0084): one per escrow, so that the database's legs still sum to zero in every transaction.
     */
    public String escrowTransitAccount() {
        return "transit:" + escrowAccount;
    }

    /** The transit account on the payee's database that the payout's money leaves when it is received. */
    public String payeeTransitAccount() {
        return "transit:" + payee.ledgerAccount();
    }
}
