package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowPayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The second step of one persister round on one payee database (ADR 0084, 0091): the round's payouts to that
 * database's users, out of transit, and the entries that wait for them. Queued only after the round's first step
 * committed, so no payee is credited with money still in escrow.
 *
 * @param settle what the round's worker does with entries whose every credit committed (acknowledge or dead-letter);
 *     called on the thread that ends the job
 */
record CreditJob(
        int database,
        List<EscrowPayout> payouts,
        List<EntryAwaitingCredits> entries,
        Consumer<List<EntryAwaitingCredits>> settle) {

    /** The job committed ({@code true}), failed or was refused a place in its queue ({@code false}). */
    void ended(boolean committed) {
        List<EntryAwaitingCredits> settled = new ArrayList<>();
        for (EntryAwaitingCredits entry : entries) {
            if (entry.ended(committed)) {
                settled.add(entry);
            }
        }
        if (!settled.isEmpty()) {
            settle.accept(settled);
        }
    }
}
