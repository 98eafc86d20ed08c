package io.hongbao.account.model;

import java.time.Instant;
import java.util.List;

/** Money held for packets: moved in from the sender at send, out to grabbers and back to the sender later. */
public interface EscrowAccounts {

    /**
     * Debits the sender and credits the escrow account in the caller's transaction, only if the balance covers the
     * amount. False means nothing changed.
     */
    boolean fund(UserId sender, Cents amount, String escrowAccount, String packetId, Instant at);

    /**
     * Credits each payee (creating the account if missing) and records each escrow → payee transfer, in the caller's
     * transaction. Callers make sure each payout is new (the ledger's unique key refuses a repeat).
     */
    void payOut(List<EscrowPayout> payouts);
}
