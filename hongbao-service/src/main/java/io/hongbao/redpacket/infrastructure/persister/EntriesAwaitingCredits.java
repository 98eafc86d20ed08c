package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowPayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The entries of this instance whose credits to other databases are queued (ADR 0091), and the hand-off of a round's
 * such entries to the payee databases' queues. A reclaim skips these entries: they are pending in Redis (acknowledged
 * only once their credits commit) and grow idle while a payee database is slow, but they are in hand, and writing
 * them again would only queue the same credits twice. Kept in memory only: after a crash nothing is in hand, and a
 * reclaim writes them all again, which is harmless.
 */
final class EntriesAwaitingCredits {

    /** A settled entry of a round and its credits elsewhere, by payee database (none empty). */
    record Credited(int shard, String id, WritingEntries.Rejected rejected, Map<Integer, List<EscrowPayout>> credits) {}

    /** The payee databases' queues: false when the database's queue is full (the job is then not queued). */
    interface CreditQueues {
        boolean offer(CreditJob job);
    }

    private final Set<String> inHand = ConcurrentHashMap.newKeySet();

    /** Whether the entry's credits are queued or being made by this instance: a reclaim leaves it alone. */
    boolean inHand(int shard, String id) {
        return inHand.contains(key(shard, id));
    }

    int size() {
        return inHand.size();
    }

    /**
     * Queues the round's credits, one job per payee database, each carrying the entries that wait for it. An entry is
     * settled by {@code settle} once all its jobs committed. A job refused (its database's queue is full: the database
     * is stalled or slow) fails its entries: they stay pending for a later reclaim, while the round's other entries go
     * on.
     */
    void hand(List<Credited> entries, Consumer<List<EntryAwaitingCredits>> settle, CreditQueues queues) {
        Map<Integer, List<EscrowPayout>> payouts = new LinkedHashMap<>();
        Map<Integer, List<EntryAwaitingCredits>> waiting = new LinkedHashMap<>();
        for (Credited entry : entries) {
            String key = key(entry.shard(), entry.id());
            // Tracked before its jobs are queued: a job may end at once, and releases the entry when it is the last.
            inHand.add(key);
            EntryAwaitingCredits awaiting = new EntryAwaitingCredits(
                    entry.shard(), entry.id(), entry.rejected(), entry.credits().size(), () -> inHand.remove(key));
            entry.credits().forEach((database, credits) -> {
                payouts.computeIfAbsent(database, d -> new ArrayList<>()).addAll(credits);
                waiting.computeIfAbsent(database, d -> new ArrayList<>()).add(awaiting);
            });
        }
        for (Map.Entry<Integer, List<EscrowPayout>> database : payouts.entrySet()) {
            CreditJob job =
                    new CreditJob(database.getKey(), database.getValue(), waiting.get(database.getKey()), settle);
            if (!queues.offer(job)) {
                job.ended(false);
            }
        }
    }

    private static String key(int shard, String id) {
        return shard + "/" + id;
    }
}
