package io.hongbao.lottery.application;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DecidedDraw;
import io.hongbao.lottery.model.draw.DrawAttempt;
import io.hongbao.lottery.model.draw.DrawKey;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendOutcome;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.lottery.model.release.PoolTake;
import io.hongbao.lottery.model.release.PrizePools;
import io.hongbao.lottery.model.wheel.Wheel;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.Transactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Draws at grab speed (ADR 0079): the three steps of {@link DrawingPrize}, each run once for a whole batch of draws
 * instead of once per draw. The draws that arrive while a batch spends wait and leave together as the next batch, up
 * to {@code maxBatch}, so the batch grows with the load and an idle service adds no wait (a lone draw leaves alone).
 *
 * <ol>
 *   <li>one transaction spends for the whole batch, in arrival order (a drawer's points cover their draws in that
 *       order, so two draws of a user who can pay for one spend once) and records the paid draws PENDING;
 *   <li>one script call per wheel decides the batch's draws of that wheel (every key of the call in the wheel's slot);
 *   <li>one transaction records every outcome, credits the consolations and reads the points left.
 * </ol>
 *
 * <p>Each database has its lane (ADR 0084): a batch holds draws of users on one database, so that each of its
 * transactions is local to one, and the lane writes them on that database's own store ({@link LaneStore}, ADR 0101:
 * its own pool, beside the sharding layer). Only step (1) is serialised (one spending transaction in flight per lane and
 * instance): the lane is handed to the next
 * batch as soon as it commits, so steps (2) and (3) of one batch overlap step (1) of the next. A failed step (1)
 * rolled back, so its draws fail with nothing changed. Once spent, a draw is never failed: a failed step (2) answers
 * {@link DrawAttempt.Undecided} for its wheel's draws (the recovery finishes them, as for a single draw); a failed
 * step (3) finishes each draw of the batch on its own through {@link DrawingPrize#finish}, and a draw whose unit the
 * database holds for another draw is decided again there ({@link DrawingPrize#decideAgain}).
 *
 * <p>Requests with an Idempotency-Key join the same batches (ADR 0098): step (1) records each keyed draw's key with
 * the draw's id in the same transaction as its spend, so the spend and the key commit together. A draw whose key is
 * already recorded for the same request (a repeat, or the same key twice in one batch) spends nothing and answers the
 * first draw's outcome ({@link DrawingPrize#repeat}); a key recorded for another request is refused
 * ({@link SpendOutcome.KeyReused}). A repeat of a key that another instance's batch holds uncommitted waits in step (1)
 * for that transaction, a few statements long, as a common drawer's row already makes it wait.
 *
 * <p>Bounds, as the grab lanes have: a draw is refused, nothing spent, when its lane already holds {@code maxQueued}
 * waiting draws, or when it waited in the lane longer than {@code maxWait} (checked as the lane drains, so before its
 * spend is sent), or when its caller gave up while it waited (the answer was cancelled). A slow database then costs the
 * callers a refusal they can retry, never a draw spent long after its client left (whose retry would be a second paid
 * draw). A spend whose transaction failed after the work ran (the commit, or its acknowledgement, was lost) may have
 * committed: its draws are answered {@link DrawAttempt.Undecided}, never "nothing spent"; the recovery finishes any
 * that was spent.
 */
public final class DrawingInBatches {

    private final Wheels wheels;
    private final PrizePools pools;
    private final DrawingPrize drawing;
    private final FillingPrizePools filling;
    private final Executor jdbc;
    private final Bounds bounds;
    private final LongSupplier nanoTime;
    private final Clock clock;
    private final DatabaseShards databases;
    /** One lane per database (ADR 0084): a batch's transactions then each write one database. */
    private final Lane[] lanes;

    private final LongAdder batches = new LongAdder();
    private final LongAdder batched = new LongAdder();
    private final LongAdder[] refused = new LongAdder[SpendOutcome.Why.values().length];
    private final LongAdder unknown = new LongAdder();
    private final LongAdder repeats = new LongAdder();

    /**
     * How big a lane's batches and queue may get.
     *
     * @param maxBatch the most draws one batch spends, decides and records together
     * @param maxQueued the most draws that may wait in one lane; one more is refused at once
     * @param maxWait a draw that waited in its lane longer than this is refused instead of spent
     */
    public record Bounds(int maxBatch, int maxQueued, Duration maxWait) {
        public Bounds {
            if (maxBatch < 1) {
                throw new IllegalArgumentException("a batch holds at least one draw, not " + maxBatch);
            }
            if (maxQueued < 1) {
                throw new IllegalArgumentException("a lane queues at least one draw, not " + maxQueued);
            }
            if (maxWait == null || maxWait.isNegative() || maxWait.isZero()) {
                throw new IllegalArgumentException("a draw may wait a positive time, not " + maxWait);
            }
        }
    }

    /**
     * Where one database's batches are spent and recorded: its draws, and the transactions its statements join.
     *
     * @param draws the draws of this database only, written without the sharding layer (ADR 0101): every row a
     *     batch writes is its drawers', and they are all on this database
     */
    public record LaneStore(Draws draws, Transactions transactions) {}

    /**
     * @param stores one per database, database 0 first: where its lane's batches are written
     * @param jdbc where the transactions run (never a Redis or HTTP event loop)
     * @param nanoTime the lanes' clock for {@code maxWait} ({@code System::nanoTime}; a test moves its own)
     */
    public DrawingInBatches(
            Wheels wheels,
            List<LaneStore> stores,
            PrizePools pools,
            DrawingPrize drawing,
            FillingPrizePools filling,
            Executor jdbc,
            Bounds bounds,
            DatabaseShards databases,
            Clock clock,
            LongSupplier nanoTime) {
        this.wheels = wheels;
        this.pools = pools;
        this.drawing = drawing;
        this.filling = filling;
        this.jdbc = jdbc;
        this.bounds = bounds;
        this.nanoTime = nanoTime;
        for (int i = 0; i < refused.length; i++) {
            refused[i] = new LongAdder();
        }
        this.databases = databases;
        if (stores.size() != databases.count()) {
            throw new IllegalArgumentException(
                    "one store per database: " + stores.size() + " for " + databases.count() + " databases");
        }
        this.lanes = new Lane[databases.count()];
        for (int database = 0; database < lanes.length; database++) {
            lanes[database] = new Lane(stores.get(database));
        }
        this.clock = clock;
    }

    /** The draws waiting for one database's spending transaction, and whether one is in flight. */
    private static final class Lane {
        final LaneStore store;
        final Queue<Waiting> waiting = new ConcurrentLinkedQueue<>();
        /** Draws in {@code waiting}; ConcurrentLinkedQueue.size() walks the whole queue. */
        final AtomicInteger queued = new AtomicInteger();

        final AtomicBoolean taken = new AtomicBoolean();

        Lane(LaneStore store) {
            this.store = store;
        }
    }

    /** One draw without an Idempotency-Key, as {@link #draw(UserId, WheelId, Instant, Optional)}. */
    public CompletionStage<DrawAttempt> draw(UserId user, WheelId wheelId, Instant now) {
        return draw(user, wheelId, now, Optional.empty());
    }

    /**
     * One draw, with its request's Idempotency-Key if it has one; refused before it is queued when the wheel or the
     * pools are away or its lane is full, and before it is spent when it waited too long. Cancelling the answer (the
     * caller gave up) takes the draw out unspent if it is still waiting. A keyed draw's key is recorded by its batch's
     * spend, with the spend; a repeat of a recorded key spends nothing and answers the first draw (ADR 0098).
     */
    public CompletionStage<DrawAttempt> draw(UserId user, WheelId wheelId, Instant now, Optional<DrawKey> key) {
        Optional<Wheel> wheel = wheels.find(wheelId);
        if (wheel.isEmpty()) {
            return refused(new SpendOutcome.UnknownWheel());
        }
        if (!pools.reachable()) {
            return refused(new SpendOutcome.PoolUnreachable());
        }
        Lane lane = lanes[databases.ofUser(user.value())];
        // Counted before it is queued, so the bound holds under concurrent draws; the drain counts it out.
        if (lane.queued.incrementAndGet() > bounds.maxQueued()) {
            lane.queued.decrementAndGet();
            return refused(laneBusy(SpendOutcome.Why.LANE_FULL));
        }
        PendingDraw draw = new PendingDraw(DrawId.random(), wheelId, user, now);
        Waiting one = new Waiting(
                new DrawSpend(draw, wheel.get().drawCost(), key), nanoTime.getAsLong(), new CompletableFuture<>());
        lane.waiting.add(one);
        spendIfIdle(lane);
        return one.answer();
    }

    /** Draws refused unspent by the lanes so far for {@code why}. */
    public long refused(SpendOutcome.Why why) {
        return refused[why.ordinal()].sum();
    }

    /** Draws whose spend was sent but whose commit was not acknowledged, answered as undecided. */
    public long spendsUnknown() {
        return unknown.sum();
    }

    /** Keyed draws whose key named an earlier draw of the same request, answered with it and spending nothing. */
    public long repeats() {
        return repeats.sum();
    }

    /** Draws sent in batches so far divided by batches: 1.0 means no batching happened. */
    public double meanBatchSize() {
        long made = batches.sum();
        return made == 0 ? 0 : (double) batched.sum() / made;
    }

    /** Batches spent so far (one spending transaction each). */
    public long batches() {
        return batches.sum();
    }

    /** Draws sent in those batches so far; divided by {@link #batches()}, the mean batch. */
    public long drawsBatched() {
        return batched.sum();
    }

    /**
     * Whoever wins the CAS owns the lane until its spend commits. The loop re-checks the queue after giving the lane
     * back, so a draw queued between "queue looked empty" and "lane released" is never stranded.
     */
    private void spendIfIdle(Lane lane) {
        while (!lane.waiting.isEmpty() && lane.taken.compareAndSet(false, true)) {
            List<Waiting> batch = drain(lane);
            if (!batch.isEmpty()) {
                spend(lane, batch);
                return;
            }
            lane.taken.set(false);
        }
    }

    /**
     * Takes up to {@code maxBatch} draws still worth spending; the ones that waited past {@code maxWait}, or whose
     * caller gave up, are answered here, before any is spent, so a refused draw can never have been spent.
     */
    private List<Waiting> drain(Lane lane) {
        List<Waiting> batch = new ArrayList<>();
        long now = nanoTime.getAsLong();
        long maxWaitNanos = bounds.maxWait().toNanos();
        Waiting next;
        while (batch.size() < bounds.maxBatch() && (next = lane.waiting.poll()) != null) {
            lane.queued.decrementAndGet();
            if (next.answer().isDone()) {
                continue; // cancelled: nobody waits for it, and nothing of it was spent
            }
            if (now - next.enqueuedAt() > maxWaitNanos) {
                next.answer().complete(new DrawAttempt.Refused(laneBusy(SpendOutcome.Why.DEADLINE)));
            } else {
                batch.add(next);
            }
        }
        return batch;
    }

    private SpendOutcome.LaneBusy laneBusy(SpendOutcome.Why why) {
        refused[why.ordinal()].increment();
        return new SpendOutcome.LaneBusy(why);
    }

    private void spend(Lane lane, List<Waiting> batch) {
        batches.increment();
        batched.add(batch.size());
        List<DrawSpend> spends = batch.stream().map(Waiting::spend).toList();
        // Set once the spend's statements ran: a failure after that is the commit's (or its acknowledgement's), and the
        // batch may have been spent.
        AtomicBoolean ran = new AtomicBoolean();
        CompletableFuture<List<SpendVerdict>> spending;
        try {
            spending = CompletableFuture.supplyAsync(
                    () -> lane.store.transactions().inTransaction(() -> {
                        List<SpendVerdict> spent = lane.store.draws().spend(spends);
                        ran.set(true);
                        return spent;
                    }),
                    jdbc);
        } catch (RuntimeException rejected) {
            // The executor refused the work (full): nothing ran, and the lane must not stay taken.
            spending = CompletableFuture.failedFuture(rejected);
        }
        spending.whenComplete((spent, failure) -> {
            // Release the lane before going on: the next batch spends while this one is decided.
            lane.taken.set(false);
            spendIfIdle(lane);
            if (failure != null && ran.get()) {
                // The statements ran, the commit failed or was not acknowledged: maybe spent, maybe not. Never say
                // "nothing spent"; a spent draw is PENDING and the recovery finishes it.
                unknown.add(batch.size());
                batch.forEach(one -> undecided(one, failure));
            } else if (failure != null) {
                // Failed before the statements completed, so rolled back: failing its draws says the truth.
                batch.forEach(one -> one.answer().completeExceptionally(failure));
            } else {
                decide(lane.store, batch, spent);
            }
        });
    }

    private void decide(LaneStore store, List<Waiting> batch, List<SpendVerdict> verdicts) {
        Map<WheelId, List<Waiting>> byWheel = new LinkedHashMap<>();
        for (int i = 0; i < batch.size(); i++) {
            Waiting one = batch.get(i);
            SpendVerdict verdict = verdicts.get(i);
            if (verdict instanceof SpendVerdict.Paid) {
                byWheel.computeIfAbsent(one.draw().wheelId(), w -> new ArrayList<>())
                        .add(one);
            } else if (verdict instanceof SpendVerdict.Repeat repeat) {
                repeat(one, repeat.first());
            } else if (verdict instanceof SpendVerdict.KeyReused) {
                one.answer().complete(new DrawAttempt.Refused(new SpendOutcome.KeyReused()));
            } else {
                one.answer()
                        .complete(new DrawAttempt.Refused(
                                new SpendOutcome.InsufficientPoints(one.spend().cost())));
            }
        }
        List<CompletableFuture<List<DecidedOne>>> decisions = new ArrayList<>();
        for (Map.Entry<WheelId, List<Waiting>> wheel : byWheel.entrySet()) {
            decisions.add(take(wheel.getKey(), wheel.getValue(), true)
                    .thenApply(takes -> decided(wheel.getValue(), takes))
                    .exceptionally(failure -> {
                        wheel.getValue().forEach(one -> undecided(one, failure));
                        return List.of();
                    })
                    .toCompletableFuture());
        }
        CompletableFuture.allOf(decisions.toArray(CompletableFuture<?>[]::new))
                .thenRunAsync(
                        () -> record(
                                store,
                                decisions.stream()
                                        .flatMap(d -> d.join().stream())
                                        .toList()),
                        jdbc)
                .exceptionally(failure -> {
                    // Not expected (record answers its own failures), but no draw may be left without an answer.
                    decisions.forEach(d -> d.join().forEach(one -> undecided(one.waiting(), failure)));
                    return null;
                });
    }

    /**
     * A repeated request answers its first draw's outcome, finishing that draw if it is pending, as the recovery does.
     * The first draw may be of this very batch (the same key twice in it): it is spent and committed by now, and
     * finishing it beside the batch is safe, since steps (2) and (3) are idempotent by the draw id (ADR 0021).
     */
    private void repeat(Waiting one, DrawId first) {
        repeats.increment();
        drawing.repeat(first, one.draw().at()).thenAccept(one.answer()::complete);
    }

    /** Step (2) for one wheel's draws: a pool Redis lost is loaded from the database once, then asked again. */
    private CompletionStage<List<PoolTake>> take(WheelId wheel, List<Waiting> batch, boolean mayLoad) {
        List<DrawId> ids = batch.stream().map(one -> one.draw().id()).toList();
        // The earliest "now" of the batch: with a simulated clock no unit is released before any draw's moment.
        Instant now = batch.stream()
                .map(one -> one.draw().at())
                .min(Instant::compareTo)
                .orElseThrow();
        return pools.take(wheel, ids, now).thenCompose(takes -> {
            if (takes.stream().noneMatch(PoolTake.NotLoaded.class::isInstance)) {
                return CompletableFuture.completedFuture(takes);
            }
            if (!mayLoad) {
                throw new IllegalStateException("the pool of wheel " + wheel.value() + " does not load");
            }
            return CompletableFuture.runAsync(() -> filling.load(wheel), jdbc)
                    .thenCompose(loaded -> take(wheel, batch, false));
        });
    }

    private List<DecidedOne> decided(List<Waiting> batch, List<PoolTake> takes) {
        Wheel wheel = wheels.find(batch.get(0).draw().wheelId()).orElseThrow();
        List<DecidedOne> decided = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            decided.add(new DecidedOne(
                    batch.get(i), new DecidedDraw(batch.get(i).draw(), DrawingPrize.outcome(wheel, takes.get(i)))));
        }
        return decided;
    }

    /** Step (3) for the whole batch, blocking; on a failure each draw is finished on its own instead. */
    private void record(LaneStore store, List<DecidedOne> decided) {
        if (decided.isEmpty()) {
            return;
        }
        // After Redis decided: the batch's finish is dated now, not at its latest request (DrawingPrize.finishedAt).
        Instant now = DrawingPrize.finishedAt(
                clock,
                decided.stream()
                        .map(one -> one.waiting().draw().at())
                        .max(Instant::compareTo)
                        .orElseThrow());
        List<Optional<DrawResult>> results;
        try {
            List<DecidedDraw> rows = decided.stream().map(DecidedOne::decided).toList();
            results = store.transactions().inTransaction(() -> store.draws().finish(rows, now));
        } catch (RuntimeException batchFailed) {
            // Rolled back, so each draw is still pending with its outcome remembered in Redis: finish them one by one,
            // which also sorts out a unit another draw holds (the unique key that failed the batch).
            decided.forEach(
                    one -> answer(one.waiting(), drawing.finish(one.waiting().draw(), now)));
            return;
        }
        for (int i = 0; i < decided.size(); i++) {
            Waiting one = decided.get(i).waiting();
            answer(
                    one,
                    results.get(i)
                            .<CompletionStage<DrawResult>>map(CompletableFuture::completedFuture)
                            .orElseGet(() -> drawing.decideAgain(one.draw(), now)));
        }
    }

    private static void answer(Waiting one, CompletionStage<DrawResult> result) {
        result.whenComplete((drawn, failure) -> {
            if (failure != null) {
                undecided(one, failure);
            } else {
                one.answer().complete(new DrawAttempt.Drawn(drawn));
            }
        });
    }

    private static void undecided(Waiting one, Throwable failure) {
        DrawingPrize.logUndecided(one.draw().id(), failure);
        one.answer().complete(new DrawAttempt.Undecided(one.draw().id()));
    }

    private static CompletionStage<DrawAttempt> refused(SpendOutcome reason) {
        return CompletableFuture.completedFuture(new DrawAttempt.Refused(reason));
    }

    private record Waiting(DrawSpend spend, long enqueuedAt, CompletableFuture<DrawAttempt> answer) {
        PendingDraw draw() {
            return spend.draw();
        }
    }

    private record DecidedOne(Waiting waiting, DecidedDraw decided) {}
}
