package io.hongbao.platform.redis.acks;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Group commit of replica acknowledgements for ONE node connection (ADR 0073): a script call that completed on the
 * connection asks {@link #acknowledged()}, and is released once a {@code WAIT} sent after it completed reports enough
 * replicas.
 *
 * <p>What it relies on: {@code WAIT numreplicas timeout} waits for every write this connection sent before the WAIT
 * (Redis tracks the client's last write offset), and Redis runs one connection's commands in the order they were sent.
 * A call that has completed was therefore executed before any WAIT sent afterwards, so that WAIT covers it; a WAIT
 * already in flight when the call completed may have been sent before the call ran, so it never releases the call.
 *
 * <p>At most one WAIT is in flight: WAIT blocks the connection's later commands inside Redis until it returns, so a
 * second one would only queue behind it. Calls that complete meanwhile join the next WAIT, sent as soon as the one in
 * flight returns: one WAIT covers every call that completed in one round trip, and its cost is shared by all of them.
 *
 * <p>A reconnect ({@link #connectionLost()}) starts a new client inside Redis whose WAIT covers none of the old one's
 * writes: the calls not yet released then fail instead of being released by a WAIT on the new connection.
 */
public final class ReplicaAcks {

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    /** Sends {@code WAIT replicas timeoutMillis} on the node's connection; completes with Redis' answer. */
    @FunctionalInterface
    public interface WaitCommand {
        CompletionStage<Long> send(int replicas, long timeoutMillis);
    }

    private final WaitCommand wait;
    private final IntSupplier required;
    private final long timeoutMillis;
    private final LongSupplier nanoTime;
    private final Counter waits;
    private final Counter released;
    private final Counter failed;
    private final Timer latency;

    private final Object lock = new Object();
    /** Calls completed since the last WAIT was sent: the next WAIT's (guarded by lock). */
    private List<CompletableFuture<Void>> next = new ArrayList<>();
    /** Whether a WAIT is in flight (guarded by lock). */
    private boolean inFlight;
    /** Incremented by every lost connection: a WAIT sent in an older one covers nothing now (guarded by lock). */
    private long connection;

    /**
     * @param required how many replicas a WAIT asks for, read when it is sent; 0 releases at once, with no WAIT
     * @param nanoTime the clock of the WAIT latency ({@code System::nanoTime})
     */
    public ReplicaAcks(
            WaitCommand wait, IntSupplier required, Duration timeout, LongSupplier nanoTime, MeterRegistry registry) {
        this.wait = wait;
        this.required = required;
        this.timeoutMillis = timeout.toMillis();
        this.nanoTime = nanoTime;
        this.waits = Counter.builder("hongbao.redis.replica.waits")
                .description("WAIT commands sent to confirm that replicas have the script calls")
                .register(registry);
        this.released = Counter.builder("hongbao.redis.replica.acks")
                .description("script calls released by a WAIT: enough replicas have them")
                .register(registry);
        this.failed = Counter.builder("hongbao.redis.replica.ack.failures")
                .description("script calls answered 503: too few replicas confirmed them in time, or the WAIT failed")
                .register(registry);
        this.latency = Timer.builder("hongbao.redis.replica.wait")
                .description("from sending a WAIT to its answer")
                .register(registry);
    }

    /**
     * Call once the script call has completed on this connection (from its completion, so that nothing else of the
     * caller runs in between). Completes when a WAIT sent after now reports enough replicas; fails with
     * {@link ReplicaAckFailed} otherwise. Never blocks.
     */
    public CompletionStage<Void> acknowledged() {
        return acknowledged(connectionEpoch());
    }

    /**
     * The connection the calls completing now ran on: read it when a call's reply arrives, and pass it to
     * {@link #acknowledged(long)} when the call asks later (after the node's first replica count).
     */
    public long connectionEpoch() {
        synchronized (lock) {
            return connection;
        }
    }

    /**
     * {@link #acknowledged()} for a call whose reply arrived in {@code epoch} ({@link #connectionEpoch()}): fails at
     * once if the connection was lost since, as a WAIT on the new connection would not cover the call.
     */
    public CompletionStage<Void> acknowledged(long epoch) {
        if (required.getAsInt() <= 0) {
            return DONE;
        }
        CompletableFuture<Void> ack = new CompletableFuture<>();
        List<CompletableFuture<Void>> batch = null;
        boolean lost;
        synchronized (lock) {
            lost = epoch != connection;
            if (!lost) {
                next.add(ack);
                if (!inFlight) {
                    inFlight = true;
                    batch = next;
                    next = new ArrayList<>();
                }
            }
        }
        if (lost) {
            failed.increment();
            return CompletableFuture.failedFuture(
                    new ReplicaAckFailed("the connection to Redis was lost before a WAIT confirmed the call", null));
        }
        if (batch != null) {
            send(batch, epoch);
        }
        return ack;
    }

    /**
     * The connection was lost (Lettuce reconnects on its own): calls waiting for the next WAIT fail now, and the WAIT
     * in flight, if any, releases nothing when it answers.
     */
    public void connectionLost() {
        List<CompletableFuture<Void>> stranded;
        synchronized (lock) {
            connection++;
            stranded = next;
            next = new ArrayList<>();
        }
        fail(stranded, new ReplicaAckFailed("the connection to Redis was lost before a WAIT confirmed the call", null));
    }

    private void send(List<CompletableFuture<Void>> batch, long sentIn) {
        int replicas = required.getAsInt();
        if (replicas <= 0) {
            released.increment(batch.size());
            batch.forEach(ack -> ack.complete(null));
            afterWait();
            return;
        }
        waits.increment();
        long start = nanoTime.getAsLong();
        CompletionStage<Long> reply;
        try {
            reply = wait.send(replicas, timeoutMillis);
        } catch (RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        reply.whenComplete((acked, failure) -> {
            latency.record(nanoTime.getAsLong() - start, TimeUnit.NANOSECONDS);
            boolean stale;
            synchronized (lock) {
                stale = sentIn != connection;
            }
            // The next WAIT goes out before this one's calls are answered: their callers' work then never delays it.
            afterWait();
            if (failure != null) {
                fail(batch, new ReplicaAckFailed("the WAIT for " + replicas + " replica(s) failed", failure));
            } else if (stale) {
                fail(
                        batch,
                        new ReplicaAckFailed("the connection to Redis was lost while the WAIT was in flight", null));
            } else if (acked == null || acked < replicas) {
                fail(
                        batch,
                        new ReplicaAckFailed(
                                acked + " of " + replicas + " replica(s) confirmed within " + timeoutMillis + " ms",
                                null));
            } else {
                released.increment(batch.size());
                batch.forEach(ack -> ack.complete(null));
            }
        });
    }

    /** Sends the next WAIT for the calls that completed meanwhile, or marks none in flight. */
    private void afterWait() {
        List<CompletableFuture<Void>> batch;
        long sentIn;
        synchronized (lock) {
            if (next.isEmpty()) {
                inFlight = false;
                return;
            }
            batch = next;
            next = new ArrayList<>();
            sentIn = connection;
        }
        send(batch, sentIn);
    }

    private void fail(List<CompletableFuture<Void>> batch, ReplicaAckFailed failure) {
        failed.increment(batch.size());
        batch.forEach(ack -> ack.completeExceptionally(failure));
    }
}
