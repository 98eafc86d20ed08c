package io.hongbao.redpacket.infrastructure.persister;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * The persister's periodic work, shared by its workers so that it is done once per period whatever their number (ADR
 * 0072): the safety pass over every shard, and the trim rounds. With several databases each database's workers have a
 * schedule of their own, over that database's shards (ADR 0091). A trim round covers the shards this instance wrote
 * from since the previous round (only the instance that acknowledges entries can have made them trimmable, and it
 * trims them); every {@link #FULL_ROUND_EVERY}th round, the first included, covers every shard, which also catches
 * entries an instance acknowledged just before it died and forgets the idle consumers of quiet shards.
 */
final class PersisterSchedule {

    static final int FULL_ROUND_EVERY = 6;

    private final int shards;
    private final IntPredicate mine;
    private final long safetyPassNanos;
    private final long trimNanos;
    private final LongSupplier nanoTime;
    private final AtomicLong nextSafetyPass;
    private final AtomicLong nextTrim;
    private final AtomicLong rounds = new AtomicLong();
    private final AtomicIntegerArray touched;

    /**
     * The first safety pass and the first (full) trim round are due at once: entries a crash left pending are
     * reclaimed, and the dead-letter gauges are set, without waiting a period.
     */
    PersisterSchedule(int shards, Duration safetyPassEvery, Duration trimEvery, LongSupplier nanoTime) {
        this(shards, shard -> true, safetyPassEvery, trimEvery, nanoTime);
    }

    /**
     * The periodic work of the workers of one database (ADR 0091): trim rounds cover only the shards {@code mine}
     * accepts, so that trimming and reclaiming a frozen database's shards holds only that database's workers.
     */
    PersisterSchedule(
            int shards, IntPredicate mine, Duration safetyPassEvery, Duration trimEvery, LongSupplier nanoTime) {
        this.shards = shards;
        this.mine = mine;
        this.safetyPassNanos = safetyPassEvery.toNanos();
        this.trimNanos = trimEvery.toNanos();
        this.nanoTime = nanoTime;
        long now = nanoTime.getAsLong();
        this.nextSafetyPass = new AtomicLong(now);
        this.nextTrim = new AtomicLong(now);
        this.touched = new AtomicIntegerArray(shards);
    }

    /** A trim round: the shards to trim, and whether it is a full one. */
    record TrimRound(List<Integer> shards, boolean full) {}

    /** True for exactly one caller once the period has passed: that caller runs the pass. */
    boolean claimSafetyPass() {
        return claim(nextSafetyPass, safetyPassNanos);
    }

    /** The round due now, claimed by exactly one caller; {@code null} if none is due or another caller took it. */
    TrimRound claimTrimRound() {
        if (!claim(nextTrim, trimNanos)) {
            return null;
        }
        boolean full = rounds.getAndIncrement() % FULL_ROUND_EVERY == 0;
        List<Integer> due = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            if (mine.test(shard) && (touched.getAndSet(shard, 0) == 1 || full)) {
                due.add(shard);
            }
        }
        return new TrimRound(due, full);
    }

    /** This instance acknowledged entries of the shard (so the next round trims it). */
    void touch(int shard) {
        touched.set(shard, 1);
    }

    /** How long until the next periodic work is due: an idle worker waits on the doorbell no longer than that. */
    Duration untilNext() {
        long now = nanoTime.getAsLong();
        long next = Math.min(nextSafetyPass.get() - now, nextTrim.get() - now);
        return Duration.ofNanos(Math.max(0, next));
    }

    private boolean claim(AtomicLong next, long period) {
        long due = next.get();
        long now = nanoTime.getAsLong();
        return now - due >= 0 && next.compareAndSet(due, now + period);
    }
}
