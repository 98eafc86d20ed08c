package io.hongbao.redpacket.infrastructure.grab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.platform.web.ApiException;
import io.hongbao.platform.web.ErrorCode;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.GrabOutcome;
import io.hongbao.redpacket.model.PacketId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The lane logic of request coalescing, against a scripted stand-in for the Redis call: batching, and the bounds that
 * keep a lane from growing without end or running grabs long after their clients left (ADR 0067).
 */
class CoalescingGrabsTest {

    private static final PacketKeys ONE_SHARD = new PacketKeys(1);
    private static final Duration ONE_SECOND = Duration.ofSeconds(1);
    private static final GrabAdmission ADMITTED = shard -> null;
    private final PacketId packet = PacketId.generate();
    /** The lanes' clock (nanoseconds), moved by the tests. */
    private final AtomicLong clock = new AtomicLong();

    @Test
    void anIdleShardSendsAGrabAtOnceAndAlone() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = coalescing(redis, ONE_SHARD, 64);

        grabs.grab(packet, UserId.of(1));

        assertThat(redis.calls).hasSize(1);
        assertThat(redis.calls.get(0).requests()).hasSize(1);
    }

    @Test
    void grabsArrivingWhileACallIsInFlightLeaveTogetherWhenItAnswers() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = coalescing(redis, ONE_SHARD, 64);
        grabs.grab(packet, UserId.of(1));
        for (long user = 2; user <= 6; user++) {
            grabs.grab(packet, UserId.of(user));
        }
        assertThat(redis.calls).hasSize(1);

        redis.answerAll(0);

        assertThat(redis.calls).hasSize(2);
        assertThat(redis.calls.get(1).requests())
                .extracting(r -> r.user().value())
                .containsExactly(2L, 3L, 4L, 5L, 6L);
        assertThat(grabs.scriptCalls()).isEqualTo(2);
        assertThat(grabs.grabsSent()).isEqualTo(6);
        assertThat(grabs.meanBatchSize()).isEqualTo(3.0);
    }

    @Test
    void aBatchNeverCarriesMoreThanMaxBatch() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = coalescing(redis, ONE_SHARD, 3);
        for (long user = 1; user <= 8; user++) {
            grabs.grab(packet, UserId.of(user));
        }

        redis.answerAll(0);
        redis.answerAll(1);
        redis.answerAll(2);

        assertThat(redis.calls).extracting(call -> call.requests().size()).containsExactly(1, 3, 3, 1);
    }

    @Test
    void everyCallerGetsTheOutcomeOfItsOwnRequest() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = coalescing(redis, ONE_SHARD, 64);
        grabs.grab(packet, UserId.of(1));
        List<CompletionStage<GrabOutcome>> answers = new ArrayList<>();
        for (long user = 10; user <= 13; user++) {
            answers.add(grabs.grab(packet, UserId.of(user)));
        }
        redis.answerAll(0);

        redis.answerAll(1);

        for (int i = 0; i < answers.size(); i++) {
            GrabOutcome outcome = answers.get(i).toCompletableFuture().join();
            assertThat(outcome).isEqualTo(new GrabOutcome.AlreadyGrabbed(10 + i));
        }
    }

    @Test
    void aFailedCallFailsOnlyItsOwnGrabsAndTheNextBatchStillLeaves() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = coalescing(redis, ONE_SHARD, 64);
        CompletionStage<GrabOutcome> first = grabs.grab(packet, UserId.of(1));
        CompletionStage<GrabOutcome> second = grabs.grab(packet, UserId.of(2));

        redis.fail(0, new IllegalStateException("connection reset"));
        redis.answerAll(1);

        assertThat(first.toCompletableFuture()).isCompletedExceptionally();
        assertThat(second.toCompletableFuture().join()).isEqualTo(new GrabOutcome.AlreadyGrabbed(2));
    }

    @Test
    void grabsOfDifferentShardsDoNotWaitForEachOther() {
        HeldCalls redis = new HeldCalls();
        PacketKeys keys = new PacketKeys(64);
        CoalescingGrabs grabs = coalescing(redis, keys, 64);
        PacketId other = PacketId.generate();
        while (keys.shardOf(other) == keys.shardOf(packet)) {
            other = PacketId.generate();
        }

        grabs.grab(packet, UserId.of(1));
        grabs.grab(other, UserId.of(1));

        assertThat(redis.calls).hasSize(2);
    }

    @Test
    void underManyConcurrentCallersNoGrabIsStrandedOrSentTwice() throws Exception {
        AtomicInteger received = new AtomicInteger();
        ExecutorService redisThread = Executors.newSingleThreadExecutor();
        ShardBatchGrabs answeringLater = (shard, requests) -> CompletableFuture.supplyAsync(
                () -> {
                    received.addAndGet(requests.size());
                    return echo(requests);
                },
                redisThread);
        CoalescingGrabs grabs = coalescing(answeringLater, new PacketKeys(4), 16);
        int threads = 8;
        int perThread = 5_000;
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        List<CompletableFuture<GrabOutcome>> answers = new CopyOnWriteArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                callers.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        answers.add(grabs.grab(PacketId.generate(), UserId.of(i + 1))
                                .toCompletableFuture());
                    }
                });
            }
            callers.shutdown();
            assertThat(callers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } finally {
            redisThread.shutdownNow();
        }

        assertThat(received.get()).isEqualTo(threads * perThread);
        assertThat(grabs.scriptCalls()).isLessThanOrEqualTo(threads * perThread);
    }

    @Test
    void aGrabArrivingAtAFullLaneIsRefusedAtOnceAndNeverSent() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = new CoalescingGrabs(
                redis,
                ONE_SHARD,
                lanes(64, 2, ONE_SECOND),
                ADMITTED,
                new ShardDoorbell(ONE_SHARD.shards()),
                clock::get);
        grabs.grab(packet, UserId.of(1));
        grabs.grab(packet, UserId.of(2));
        grabs.grab(packet, UserId.of(3));

        CompletionStage<GrabOutcome> overTheBound = grabs.grab(packet, UserId.of(4));

        assertRefusedWithNothingChanged(overTheBound, "too many grabs");
        redis.answerAll(0);
        assertThat(redis.calls).hasSize(2);
        assertThat(redis.calls.get(1).requests())
                .extracting(r -> r.user().value())
                .containsExactly(2L, 3L);
        assertThat(grabs.refused(GrabRefusal.LANE_FULL)).isEqualTo(1);
    }

    @Test
    void aGrabThatWaitedInTheQueuePastTheDeadlineIsRefusedAndNeverSent() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = new CoalescingGrabs(
                redis,
                ONE_SHARD,
                lanes(64, 100, ONE_SECOND),
                ADMITTED,
                new ShardDoorbell(ONE_SHARD.shards()),
                clock::get);
        grabs.grab(packet, UserId.of(1));
        CompletionStage<GrabOutcome> waitedTooLong = grabs.grab(packet, UserId.of(2));
        clock.addAndGet(Duration.ofMillis(1_500).toNanos());
        CompletionStage<GrabOutcome> fresh = grabs.grab(packet, UserId.of(3));

        redis.answerAll(0);

        assertRefusedWithNothingChanged(waitedTooLong, "waited too long");
        assertThat(redis.calls).hasSize(2);
        assertThat(redis.calls.get(1).requests())
                .extracting(r -> r.user().value())
                .containsExactly(3L);
        redis.answerAll(1);
        assertThat(fresh.toCompletableFuture().join()).isEqualTo(new GrabOutcome.AlreadyGrabbed(3));
        assertThat(grabs.refused(GrabRefusal.DEADLINE)).isEqualTo(1);
    }

    @Test
    void aGrabAlreadySentGetsItsRealAnswerHoweverLongItsCallTakes() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = new CoalescingGrabs(
                redis,
                ONE_SHARD,
                lanes(64, 100, ONE_SECOND),
                ADMITTED,
                new ShardDoorbell(ONE_SHARD.shards()),
                clock::get);
        CompletionStage<GrabOutcome> sent = grabs.grab(packet, UserId.of(1));
        clock.addAndGet(Duration.ofSeconds(30).toNanos());

        redis.answerAll(0);

        assertThat(sent.toCompletableFuture().join()).isEqualTo(new GrabOutcome.AlreadyGrabbed(1));
        assertThat(grabs.refused(GrabRefusal.DEADLINE)).isZero();
    }

    @Test
    void aShardTheAdmissionRefusesGetsNoScriptCallAndTheGrabIsRefusedAtOnce() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = new CoalescingGrabs(
                redis,
                ONE_SHARD,
                lanes(64, 100, ONE_SECOND),
                shard -> GrabRefusal.MEMORY,
                new ShardDoorbell(1),
                clock::get);

        CompletionStage<GrabOutcome> refused = grabs.grab(packet, UserId.of(1));

        assertRefusedWithNothingChanged(refused, "memory");
        assertThat(redis.calls).isEmpty();
        assertThat(grabs.refused(GrabRefusal.MEMORY)).isEqualTo(1);
    }

    @Test
    void aCallRedisRefusedForLackOfMemoryFailsItsGrabsAsRefusedWithNothingChanged() {
        HeldCalls redis = new HeldCalls();
        CoalescingGrabs grabs = new CoalescingGrabs(
                redis,
                ONE_SHARD,
                lanes(64, 100, ONE_SECOND),
                ADMITTED,
                new ShardDoorbell(ONE_SHARD.shards()),
                clock::get);
        CompletionStage<GrabOutcome> first = grabs.grab(packet, UserId.of(1));

        redis.fail(0, GrabRefusal.MEMORY.exception());

        assertRefusedWithNothingChanged(first, "memory");
        assertThat(grabs.refused(GrabRefusal.MEMORY)).isEqualTo(1);
    }

    private static void assertRefusedWithNothingChanged(CompletionStage<GrabOutcome> answer, String why) {
        assertThat(answer.toCompletableFuture()).isCompletedExceptionally();
        assertThatThrownBy(() -> answer.toCompletableFuture().join())
                .hasCauseInstanceOf(ApiException.class)
                .cause()
                .satisfies(e -> assertThat(((ApiException) e).code()).isEqualTo(ErrorCode.UNAVAILABLE))
                // a refusal says when to come back (api.md: every 503 of a refused grab carries Retry-After)
                .satisfies(
                        e -> assertThat(((ApiException) e).retryAfterSeconds()).isPositive())
                .hasMessageContaining(why)
                .hasMessageContaining("nothing was changed");
    }

    private CoalescingGrabs coalescing(ShardBatchGrabs script, PacketKeys keys, int maxBatch) {
        return new CoalescingGrabs(
                script,
                keys,
                lanes(maxBatch, 1_000_000, Duration.ofHours(1)),
                ADMITTED,
                new ShardDoorbell(keys.shards()),
                clock::get);
    }

    private static RedPacketSettings.Coalescing lanes(int maxBatch, int maxQueued, Duration maxWait) {
        return new RedPacketSettings.Coalescing(maxBatch, maxQueued, maxWait);
    }

    private static List<GrabOutcome> echo(List<GrabScript.Request> requests) {
        List<GrabOutcome> outcomes = new ArrayList<>();
        for (GrabScript.Request request : requests) {
            outcomes.add(new GrabOutcome.AlreadyGrabbed(request.user().value()));
        }
        return outcomes;
    }

    /** Records each call and answers it only when the test says so. */
    private static final class HeldCalls implements ShardBatchGrabs {

        record Call(List<GrabScript.Request> requests, CompletableFuture<List<GrabOutcome>> reply) {}

        final List<Call> calls = new ArrayList<>();

        @Override
        public CompletionStage<List<GrabOutcome>> grab(int shard, List<GrabScript.Request> requests) {
            Call call = new Call(List.copyOf(requests), new CompletableFuture<>());
            calls.add(call);
            return call.reply();
        }

        void answerAll(int index) {
            Call call = calls.get(index);
            call.reply().complete(echo(call.requests()));
        }

        void fail(int index, RuntimeException failure) {
            calls.get(index).reply().completeExceptionally(failure);
        }
    }
}
