package io.hongbao.redpacket.infrastructure.grab;

import io.hongbao.account.model.UserId;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.redpacket.model.RedPacketGrabs;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Request coalescing: concurrent grabs on the same shard share one script call and one round trip.
 *
 * <p>Each shard is a lane with at most one script call in flight. A grab on an idle lane is sent at once, alone, so
 * low load gets no added latency. Grabs that arrive while the lane's call is in flight wait in the lane's queue and
 * leave together, up to {@code maxBatch}, as soon as that call answers: the batch size adapts to the load by itself,
 * with no timer. A failed call fails exactly the grabs of its batch; the next batch is sent regardless.
 *
 * <p>Why it is safe: the script decides every request of a batch as if it ran alone, in order, and the batch is one
 * atomic script call, so coalescing changes round trips, never outcomes.
 *
 * <p>Bounds (ADR 0067): a grab is refused, with nothing sent, when the admission refuses its shard (Redis nearly full,
 * the database too far behind), when its lane already holds {@code maxQueued} waiting grabs, or when it waited in the
 * lane longer than {@code maxWait} (checked as the lane drains, so at the latest when the call in flight ends, which
 * the Redis command timeout bounds). Once a grab is sent it always gets its real answer, however long that takes.
 */
public final class CoalescingGrabs implements RedPacketGrabs {

    private final PacketKeys keys;
    private final GrabAdmission admission;
    private final Lane[] lanes;
    private final Counts counts = new Counts();

    /**
     * @param doorbell rung after each script call that may have appended to its shard's stream, so that a persister
     *     reads it (ADR 0072)
     * @param nanoTime the lanes' clock ({@code System::nanoTime}; a test moves its own)
     */
    public CoalescingGrabs(
            ShardBatchGrabs script,
            PacketKeys keys,
            RedPacketSettings.Coalescing settings,
            GrabAdmission admission,
            ShardDoorbell doorbell,
            LongSupplier nanoTime) {
        this.keys = keys;
        this.admission = admission;
        this.lanes = new Lane[keys.shards()];
        for (int shard = 0; shard < lanes.length; shard++) {
            lanes[shard] = new Lane(script, shard, settings, doorbell, nanoTime, counts);
        }
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        int shard = keys.shardOf(id);
        GrabRefusal refusal = admission.refusal(shard);
        if (refusal != null) {
            return counts.refused(refusal);
        }
        return lanes[shard].submit(new GrabScript.Request(id, user));
    }

    /** Grabs sent so far divided by script calls made: 1.0 means no coalescing happened. */
    public double meanBatchSize() {
        long made = counts.calls.sum();
        return made == 0 ? 0 : (double) counts.sent.sum() / made;
    }

    /** Grab-script calls made so far: one per coalesced batch. */
    public long scriptCalls() {
        return counts.calls.sum();
    }

    /** Grabs sent in those calls so far; divided by {@link #scriptCalls()}, the mean coalesced batch. */
    public long grabsSent() {
        return counts.sent.sum();
    }

    /** Grabs refused for {@code reason} so far, none of them sent (or, for MEMORY, refused by the script). */
    public long refused(GrabRefusal reason) {
        return counts.refused[reason.ordinal()].sum();
    }

    /** What the lanes did, for the metrics. */
    private static final class Counts {
        final LongAdder sent = new LongAdder();
        final LongAdder calls = new LongAdder();
        final LongAdder[] refused = new LongAdder[GrabRefusal.values().length];

        Counts() {
            for (int i = 0; i < refused.length; i++) {
                refused[i] = new LongAdder();
            }
        }

        <T> CompletableFuture<T> refused(GrabRefusal reason) {
            refused[reason.ordinal()].increment();
            return CompletableFuture.failedFuture(reason.exception());
        }
    }

    private record Pending(GrabScript.Request request, long enqueuedAt, CompletableFuture<GrabOutcome> answer) {}

    /** One shard's queue and its single in-flight call. */
    private static final class Lane {

        private final ShardBatchGrabs script;
        private final ShardDoorbell doorbell;
        private final int shard;
        private final int maxBatch;
        private final int maxQueued;
        private final long maxWaitNanos;
        private final LongSupplier nanoTime;
        private final Counts counts;
        private final Queue<Pending> waiting = new ConcurrentLinkedQueue<>();
        /** Grabs in {@code waiting}; ConcurrentLinkedQueue.size() walks the whole queue. */
        private final AtomicInteger queued = new AtomicInteger();

        private final AtomicBoolean inFlight = new AtomicBoolean();

        Lane(
                ShardBatchGrabs script,
                int shard,
                RedPacketSettings.Coalescing settings,
                ShardDoorbell doorbell,
                LongSupplier nanoTime,
                Counts counts) {
            this.script = script;
            this.doorbell = doorbell;
            this.shard = shard;
            this.maxBatch = settings.maxBatch();
            this.maxQueued = settings.maxQueued();
            this.maxWaitNanos = settings.maxWait().toNanos();
            this.nanoTime = nanoTime;
            this.counts = counts;
        }

        CompletionStage<GrabOutcome> submit(GrabScript.Request request) {
            // Counted before it is queued, so the bound holds under concurrent submits; the drain counts it out.
            if (queued.incrementAndGet() > maxQueued) {
                queued.decrementAndGet();
                return counts.refused(GrabRefusal.LANE_FULL);
            }
            Pending pending = new Pending(request, nanoTime.getAsLong(), new CompletableFuture<>());
            waiting.add(pending);
            sendIfIdle();
            return pending.answer();
        }

        /**
         * Whoever wins the CAS owns the lane until its call answers. The loop re-checks the queue after giving the
         * lane back, so a grab enqueued between "queue looked empty" and "lane released" is never stranded.
         */
        private void sendIfIdle() {
            while (!waiting.isEmpty() && inFlight.compareAndSet(false, true)) {
                List<Pending> batch = drain();
                if (!batch.isEmpty()) {
                    send(batch);
                    return;
                }
                inFlight.set(false);
            }
        }

        /**
         * Takes up to {@code maxBatch} grabs that are still worth sending; the ones that waited past the deadline are
         * refused here, before any is sent, so a refused grab can never have run.
         */
        private List<Pending> drain() {
            List<Pending> batch = new ArrayList<>(Math.min(maxBatch, 16));
            long now = nanoTime.getAsLong();
            Pending next;
            while (batch.size() < maxBatch && (next = waiting.poll()) != null) {
                queued.decrementAndGet();
                if (now - next.enqueuedAt() > maxWaitNanos) {
                    counts.refused[GrabRefusal.DEADLINE.ordinal()].increment();
                    next.answer().completeExceptionally(GrabRefusal.DEADLINE.exception());
                } else {
                    batch.add(next);
                }
            }
            return batch;
        }

        private void send(List<Pending> batch) {
            List<GrabScript.Request> requests = new ArrayList<>(batch.size());
            for (Pending pending : batch) {
                requests.add(pending.request());
            }
            counts.calls.increment();
            counts.sent.add(batch.size());
            CompletionStage<List<GrabOutcome>> call;
            try {
                call = script.grab(shard, requests);
            } catch (RuntimeException e) {
                call = CompletableFuture.failedFuture(e);
            }
            call.whenComplete((outcomes, failure) -> {
                // The script appends one stream entry when it granted anything; a failed call may have too (a lost
                // reply). Under load the shard is already rung or being drained, and this costs one CAS.
                if (failure != null || anyGranted(outcomes)) {
                    doorbell.ring(shard);
                }
                // Release the lane before answering: the next batch goes out while this one's callers continue.
                inFlight.set(false);
                sendIfIdle();
                answer(batch, outcomes, failure);
            });
        }

        private static boolean anyGranted(List<GrabOutcome> outcomes) {
            for (GrabOutcome outcome : outcomes) {
                if (outcome instanceof GrabOutcome.Grabbed) {
                    return true;
                }
            }
            return false;
        }

        private void answer(List<Pending> batch, List<GrabOutcome> outcomes, Throwable failure) {
            GrabRefusal refusal = failure == null ? null : GrabRefusal.of(failure);
            if (refusal != null) {
                counts.refused[refusal.ordinal()].add(batch.size());
                failure = refusal.exception();
            }
            for (int i = 0; i < batch.size(); i++) {
                if (failure != null) {
                    batch.get(i).answer().completeExceptionally(failure);
                } else {
                    batch.get(i).answer().complete(outcomes.get(i));
                }
            }
        }
    }
}
