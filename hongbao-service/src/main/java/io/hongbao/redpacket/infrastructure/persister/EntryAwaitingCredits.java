package io.hongbao.redpacket.infrastructure.persister;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stream entry whose first step committed and whose credits to payees on other databases are queued (ADR 0084,
 * 0091). It is settled (acknowledged, or dead-lettered when {@link #rejected} is set) only once every one of its credit
 * jobs committed; if any of them failed or was refused, it is not settled at all and stays pending, so a reclaim writes
 * it again (a replay records nothing twice and credits only what is missing).
 *
 * @param rejected {@code null} for an entry written whole; else why it is to be dead-lettered once its recorded events'
 *     credits are made (its unrecorded events are credited nowhere)
 */
final class EntryAwaitingCredits {

    private final int shard;
    private final String id;
    private final WritingEntries.Rejected rejected;
    private final AtomicInteger outstanding;
    private final Runnable release;
    private volatile boolean failed;

    /**
     * @param jobs how many credit jobs (one per payee database) the entry waits for; all are counted before any is
     *     queued, so that a job ending at once cannot settle the entry before its other jobs
     * @param release called once, when the last job ended, whatever their outcome: the entry is no longer this
     *     instance's to skip
     */
    EntryAwaitingCredits(int shard, String id, WritingEntries.Rejected rejected, int jobs, Runnable release) {
        if (jobs < 1) {
            throw new IllegalArgumentException("an entry awaits at least one credit job, not " + jobs);
        }
        this.shard = shard;
        this.id = id;
        this.rejected = rejected;
        this.outstanding = new AtomicInteger(jobs);
        this.release = release;
    }

    int shard() {
        return shard;
    }

    String id() {
        return id;
    }

    /** {@code null} when the entry is to be acknowledged. */
    WritingEntries.Rejected rejected() {
        return rejected;
    }

    /**
     * One of its credit jobs ended: committed, or failed (or never queued).
     *
     * @return true once, when this was the last job and all of them committed: the caller settles the entry now
     */
    boolean ended(boolean committed) {
        if (!committed) {
            // Written before the count drops, so the caller that brings it to zero sees it.
            failed = true;
        }
        if (outstanding.decrementAndGet() > 0) {
            return false;
        }
        release.run();
        return !failed;
    }
}
