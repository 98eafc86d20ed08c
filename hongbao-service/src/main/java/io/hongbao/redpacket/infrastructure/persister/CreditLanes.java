package io.hongbao.redpacket.infrastructure.persister;

import io.hongbao.account.model.EscrowPayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The persister's second step, off its workers (ADR 0091): per payee database a bounded queue of credit jobs and a
 * thread of its own that makes them, all queued jobs in one transaction on that database. A stalled database holds
 * only its own thread and fills only its own queue; the workers, which hand over their rounds' credits and go on, never
 * wait for it. The queue is bounded by the payouts it holds, not by jobs (a round under light load carries a few
 * grants, under a backlog hundreds): a job that would pass {@code maxPayouts} is refused, and its entries stay pending
 * for a later reclaim. So a stalled database holds at most that many payouts in memory, and within that bound its
 * credits wait here instead of being written again by every reclaim.
 */
final class CreditLanes implements EntriesAwaitingCredits.CreditQueues {

    private static final Logger log = LoggerFactory.getLogger(CreditLanes.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /** At most this many queued jobs go in one transaction, which then stays a few thousand rows at most. */
    private static final int JOBS_PER_TRANSACTION = 16;

    private final List<BlockingQueue<CreditJob>> queues = new ArrayList<>();
    private final List<AtomicInteger> queuedPayouts = new ArrayList<>();
    private final int maxPayouts;
    private final Consumer<List<EscrowPayout>> receive;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    /**
     * @param receive one transaction on the payouts' database ({@link PacketEventWriter#receive}), idempotent
     */
    CreditLanes(int databases, int maxPayouts, Consumer<List<EscrowPayout>> receive) {
        for (int database = 0; database < databases; database++) {
            queues.add(new LinkedBlockingQueue<>());
            queuedPayouts.add(new AtomicInteger());
        }
        this.maxPayouts = maxPayouts;
        this.receive = receive;
    }

    @Override
    public boolean offer(CreditJob job) {
        AtomicInteger queued = queuedPayouts.get(job.database());
        int size = job.payouts().size();
        // Counted before it is queued, so the bound holds under concurrent offers; the lane counts it out as it takes.
        if (!running || queued.addAndGet(size) > maxPayouts) {
            queued.addAndGet(-size);
            return false;
        }
        queues.get(job.database()).add(job);
        return true;
    }

    /** Payouts queued for {@code database}, for a test or a gauge. */
    int queuedPayouts(int database) {
        return queuedPayouts.get(database).get();
    }

    void start() {
        for (int database = 0; database < queues.size(); database++) {
            final int lane = database;
            Thread thread = new Thread(() -> serve(lane), "persister-credits-" + database);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /**
     * Stops taking jobs. A job under way is waited for up to {@code wait}; those still queued are dropped, and their
     * entries, never acknowledged, are reclaimed later (by this instance after a restart, or another); dropping them
     * releases them, so that this instance's reclaim does not skip them as in hand.
     */
    void stop(Duration wait) {
        running = false;
        for (Thread thread : threads) {
            try {
                thread.join(wait.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        threads.clear();
        for (BlockingQueue<CreditJob> queue : queues) {
            List<CreditJob> dropped = new ArrayList<>();
            queue.drainTo(dropped);
            // Ended as not made: their entries are released (a reclaim after a restart in this process writes them
            // again) and never acknowledged.
            dropped.forEach(job -> job.ended(false));
        }
        queuedPayouts.forEach(queued -> queued.set(0));
    }

    private void serve(int database) {
        BlockingQueue<CreditJob> queue = queues.get(database);
        while (running) {
            List<CreditJob> jobs = new ArrayList<>();
            try {
                CreditJob first = queue.poll(POLL.toMillis(), TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                jobs.add(first);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            // Whatever queued up meanwhile goes in the same transaction: a database that was slow catches up in a few
            // large transactions instead of many small ones.
            queue.drainTo(jobs, JOBS_PER_TRANSACTION - 1);
            jobs.forEach(
                    job -> queuedPayouts.get(database).addAndGet(-job.payouts().size()));
            make(database, jobs);
        }
    }

    private void make(int database, List<CreditJob> jobs) {
        boolean committed;
        try {
            receive.accept(distinct(jobs));
            committed = true;
        } catch (RuntimeException e) {
            // The database is down or slow: the jobs' entries stay pending, reclaimed and credited later.
            if (running) {
                log.warn(
                        "persister failed to credit {} rounds on database {}: {}", jobs.size(), database, e.toString());
            }
            committed = false;
        }
        for (CreditJob job : jobs) {
            try {
                job.ended(committed);
            } catch (RuntimeException e) {
                // Settling (an XACK) failed: the entries stay pending and are reclaimed, their credits found made.
                log.warn("persister failed to settle credited entries: {}", e.toString());
            }
        }
    }

    /**
     * The jobs' payouts, each transfer once: two entries of one round, or of two rounds, may carry the same refund
     * ({@code refund:<packet>}), which a transaction must not credit twice (the ledger's unique key would refuse it).
     */
    private static List<EscrowPayout> distinct(List<CreditJob> jobs) {
        Map<String, EscrowPayout> byTransfer = new LinkedHashMap<>();
        for (CreditJob job : jobs) {
            job.payouts().forEach(payout -> byTransfer.putIfAbsent(payout.transferRef(), payout));
        }
        return new ArrayList<>(byTransfer.values());
    }
}
