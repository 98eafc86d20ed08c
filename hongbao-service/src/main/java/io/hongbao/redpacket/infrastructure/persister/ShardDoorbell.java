package io.hongbao.redpacket.infrastructure.persister;

import java.time.Duration;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

/**
 * Tells this instance's persister workers which shards have new stream entries, so that they read only those (ADR
 * 0072). Whoever appends to a shard's stream (the grab lanes, the expiry sweeper, the safety pass) rings the shard; a
 * worker takes a rung shard, drains it, and reports back ({@link #drained}, {@link #again}).
 *
 * <p>Each shard is in one of four states, changed by CAS only: IDLE; QUEUED (in the queue, a ring is a no-op); DRAINING
 * (a worker holds it); DRAINING_RUNG (rung while held). A worker holds a shard alone, so one instance never reads one
 * shard on two threads. No ring is lost: a ring during a drain is remembered, and {@link #drained} queues the shard
 * again instead of letting it go idle, so an entry appended after the worker's last read is read by a later one.
 *
 * <p>A ring costs one CAS when the shard is already queued or held, which is the case under load: the grab path never
 * waits here. The queue holds each shard at most once, so it never holds more than the shard count.
 */
public final class ShardDoorbell {

    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int DRAINING = 2;
    private static final int DRAINING_RUNG = 3;

    private final AtomicIntegerArray states;
    private final LongSupplier nanoTime;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Shards due at a time; a lingering shard is queued for later (guarded by {@code lock}). */
    private final PriorityQueue<Due> queue = new PriorityQueue<>();

    private long order;

    /** @param nanoTime the doorbell's clock ({@code System::nanoTime}; a test moves its own) */
    public ShardDoorbell(int shards, LongSupplier nanoTime) {
        this.states = new AtomicIntegerArray(shards);
        this.nanoTime = nanoTime;
    }

    public ShardDoorbell(int shards) {
        this(shards, System::nanoTime);
    }

    private record Due(long at, long order, int shard) implements Comparable<Due> {
        @Override
        public int compareTo(Due other) {
            int byTime = Long.compare(at - other.at, 0);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }

    /** The shard's stream has (or may have) entries to read. */
    public void ring(int shard) {
        while (true) {
            int state = states.get(shard);
            if (state == QUEUED || state == DRAINING_RUNG) {
                return;
            }
            if (state == IDLE && states.compareAndSet(shard, IDLE, QUEUED)) {
                enqueue(shard, 0);
                return;
            }
            if (state == DRAINING && states.compareAndSet(shard, DRAINING, DRAINING_RUNG)) {
                return;
            }
        }
    }

    /** Rings every shard: the safety pass, which reads what nobody rang for. */
    public void ringAll() {
        ringAll(shard -> true);
    }

    /** Rings every shard {@code mine} accepts: a safety pass of the workers of one database (ADR 0091). */
    public void ringAll(IntPredicate mine) {
        for (int shard = 0; shard < states.length(); shard++) {
            if (mine.test(shard)) {
                ring(shard);
            }
        }
    }

    /**
     * The next shard due, which the caller then holds until it calls {@link #drained} or {@link #again}; -1 when none
     * became due within {@code wait}.
     */
    public int take(Duration wait) throws InterruptedException {
        return take(wait, shard -> true);
    }

    /**
     * As {@link #take}, of the shards {@code mine} accepts only: a persister worker serves the shards of one database
     * (ADR 0091), so that a frozen database holds its own workers and never those of the others. The others' shards
     * stay queued for their own workers.
     */
    public int take(Duration wait, IntPredicate mine) throws InterruptedException {
        long waitNanos = wait.toNanos();
        lock.lock();
        try {
            while (true) {
                Due next = earliest(mine);
                long now = nanoTime.getAsLong();
                long untilDue = next == null ? Long.MAX_VALUE : next.at() - now;
                if (untilDue <= 0) {
                    queue.remove(next);
                    states.set(next.shard(), DRAINING);
                    return next.shard();
                }
                if (waitNanos <= 0) {
                    return -1;
                }
                long slept = Math.min(waitNanos, untilDue);
                long before = System.nanoTime();
                changed.awaitNanos(slept);
                waitNanos -= Math.max(1, System.nanoTime() - before);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The queue's earliest shard that {@code mine} accepts, due or not (guarded by {@code lock}). */
    private Due earliest(IntPredicate mine) {
        Due earliest = null;
        for (Due due : queue) {
            if (mine.test(due.shard()) && (earliest == null || due.compareTo(earliest) < 0)) {
                earliest = due;
            }
        }
        return earliest;
    }

    /**
     * Of the shards due now, the earliest that {@code alike} accepts, held as by {@link #take}; -1 when none is. A
     * round joins only shards written to the same database shard (ADR 0084): the others stay queued for a round of
     * their own, so a stalled database holds up only its own shards.
     */
    public int takeDue(IntPredicate alike) {
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            Due earliest = null;
            for (Due due : queue) {
                if (due.at() - now <= 0
                        && alike.test(due.shard())
                        && (earliest == null || due.compareTo(earliest) < 0)) {
                    earliest = due;
                }
            }
            if (earliest == null) {
                return -1;
            }
            queue.remove(earliest);
            states.set(earliest.shard(), DRAINING);
            return earliest.shard();
        } finally {
            lock.unlock();
        }
    }

    /** The worker read nothing: the shard goes idle, unless it was rung meanwhile, in which case it is read again. */
    public void drained(int shard) {
        if (!states.compareAndSet(shard, DRAINING, IDLE)) {
            states.set(shard, QUEUED);
            enqueue(shard, 0);
        }
    }

    /**
     * The worker read something: read the shard again after {@code delay} (0 after a full batch; the linger after a
     * short one, so that the next transaction carries more), whether or not it is rung meanwhile.
     */
    public void again(int shard, Duration delay) {
        states.set(shard, QUEUED);
        enqueue(shard, delay.toNanos());
    }

    /** Shards waiting in the queue (due or lingering), for a test or a gauge. */
    public int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    private void enqueue(int shard, long delayNanos) {
        lock.lock();
        try {
            queue.add(new Due(nanoTime.getAsLong() + delayNanos, order++, shard));
            // All waiters: a worker takes only its own database's shards, so the one woken must not be the wrong one.
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
