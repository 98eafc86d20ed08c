package io.hongbao.redpacket.infrastructure.persister;

import java.util.List;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * The database refused a batch of payouts because it would take a packet's escrow below zero (more paid out than was
 * sent). The whole batch rolls back. Deterministic: the same events are refused again however often they are retried,
 * which is why it is a {@link DataIntegrityViolationException}, like a key the database refuses.
 */
public final class EscrowOverdrawn extends DataIntegrityViolationException {

    /** @param packets the packets whose debit failed together: one of them at least is not covered */
    EscrowOverdrawn(List<String> packets) {
        super(
                packets.size() == 1
                        ? "the payouts would take the escrow of packet " + packets.get(0) + " below zero"
                        : "the payouts would take the escrow of one of the packets " + packets + " below zero");
    }
}
