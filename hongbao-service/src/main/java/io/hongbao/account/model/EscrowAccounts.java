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
     * The first step of payouts, in the caller's transaction on the database of their escrow accounts: debits each
     * escrow, credits each payee whose account is on the same database (creating it if missing), and puts the money of
     * every other payee in transit (ADR 0084), to be credited by {@link #receive}. Callers make sure each payout is new
     * (the ledger's unique key refuses a repeat).
     */
    void payOut(List<EscrowPayout> payouts);

    /**
     * The second step of payouts left in transit, in the caller's transaction on their payees' database (all of them
     * on one): credits each payee out of transit. Callers make sure each is not yet received ({@link #notReceived}):
     * the ledger's unique key refuses a repeat.
     */
    void receive(List<EscrowPayout> inTransit);

    /** Of payouts in transit to payees on one database, those that {@link #receive} has not credited yet. */
    List<EscrowPayout> notReceived(List<EscrowPayout> inTransit);
}
