package io.hongbao.account.model;

/**
 * Which database shard holds a packet's escrow (ADR 0083, 0084): where its escrow legs are written, so where a payout
 * is paid from. The feature that owns the packets places them and implements this; the accounts feature declares it so
 * that it needs nothing of that feature.
 */
@FunctionalInterface
public interface EscrowPlacement {

    /** The database shard of the escrow of the packet {@code packetId} (an {@link EscrowPayout#packetId()}). */
    int databaseShardOf(String packetId);
}
