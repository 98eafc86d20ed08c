package io.hongbao.redpacket.infrastructure;

import io.hongbao.account.model.UserId;
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
import java.util.concurrent.atomic.LongAdder;

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
 */
public final class CoalescingGrabs implements RedPacketGrabs {

    private final PacketKeys keys;
    private final Lane[] lanes;
    private final LongAdder calls = new LongAdder();
    private final LongAdder grabs = new LongAdder();

    public CoalescingGrabs(ShardBatchGrabs script, PacketKeys keys, int maxBatch) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("a batch holds at least one grab");
        }
        this.keys = keys;
        this.lanes = new Lane[keys.shards()];
        for (int shard = 0; shard < lanes.length; shard++) {
            lanes[shard] = new Lane(script, shard, maxBatch, calls);
        }
    }

    @Override
    public CompletionStage<GrabOutcome> grab(PacketId id, UserId user) {
        Pending pending = new Pending(new GrabScript.Request(id, user), new CompletableFuture<>());
        grabs.increment();
        lanes[keys.shardOf(id)].submit(pending);
        return pending.answer;
    }

    /** Grabs taken so far divided by script calls made: 1.0 means no coalescing happened. */
    public double meanBatchSize() {
        long made = calls.sum();
        return made == 0 ? 0 : (double) grabs.sum() / made;
    }

    public long scriptCalls() {
        return calls.sum();
    }

    private record Pending(GrabScript.Request request, CompletableFuture<GrabOutcome> answer) {}

    /** One shard's queue and its single in-flight call. */
    private static final class Lane {

        private final ShardBatchGrabs script;
        private final int shard;
        private final int maxBatch;
        private final Queue<Pending> waiting = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean inFlight = new AtomicBoolean();
        private final LongAdder calls;

        Lane(ShardBatchGrabs script, int shard, int maxBatch, LongAdder calls) {
            this.script = script;
            this.shard = shard;
            this.maxBatch = maxBatch;
            this.calls = calls;
        }

        void submit(Pending pending) {
            waiting.add(pending);
            sendIfIdle();
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

        private List<Pending> drain() {
            List<Pending> batch = new ArrayList<>(Math.min(maxBatch, 16));
            Pending next;
            while (batch.size() < maxBatch && (next = waiting.poll()) != null) {
                batch.add(next);
            }
            return batch;
        }

        private void send(List<Pending> batch) {
            List<GrabScript.Request> requests = new ArrayList<>(batch.size());
            for (Pending pending : batch) {
                requests.add(pending.request());
            }
            calls.increment();
            CompletionStage<List<GrabOutcome>> call;
            try {
                call = script.grab(shard, requests);
            } catch (RuntimeException e) {
                call = CompletableFuture.failedFuture(e);
            }
            call.whenComplete((outcomes, failure) -> {
                // Release the lane before answering: the next batch goes out while this one's callers continue.
                inFlight.set(false);
                sendIfIdle();
                answer(batch, outcomes, failure);
            });
        }

        private static void answer(List<Pending> batch, List<GrabOutcome> outcomes, Throwable failure) {
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
