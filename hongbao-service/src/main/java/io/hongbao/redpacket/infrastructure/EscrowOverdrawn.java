package io.hongbao.redpacket.infrastructure;

import org.springframework.dao.DataIntegrityViolationException;

/**
 * The database refused a batch of payouts because it would take a packet's escrow below zero (more paid out than was
 * sent). The whole batch rolls back. Deterministic: the same events are refused again however often they are retried,
 * which is why it is a {@link DataIntegrityViolationException}, like a key the database refuses.
 */
public final class EscrowOverdrawn extends DataIntegrityViolationException {

    EscrowOverdrawn(String packetId, long payout) {
        super("paying out " + payout + " would take the escrow of packet " + packetId + " below zero");
    }
}
