package io.hongbao.redpacket.infrastructure.persister;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ShardDoorbellTest {

    private final AtomicLong clock = new AtomicLong();
    private final ShardDoorbell doorbell = new ShardDoorbell(8, clock::get);

    @Test
    void nothingRungMeansNothingToTake() throws Exception {
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
        assertThat(doorbell.take(Duration.ofMillis(20))).isEqualTo(-1);
    }

    @Test
    void aShardRungManyTimesIsTakenOnceAndTheRestAreTakenInTheOrderTheyWereRung() throws Exception {
        doorbell.ring(5);
        doorbell.ring(2);
        doorbell.ring(5);
        doorbell.ring(5);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(5);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(2);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
    }

    @Test
    void aShardHeldByAWorkerIsNotHandedToAnotherEvenWhenRungAgain() throws Exception {
        doorbell.ring(3);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(3);

        doorbell.ring(3);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
    }

    @Test
    void aRingWhileTheShardIsDrainedIsNotLostTheShardIsReadAgainInsteadOfGoingIdle() throws Exception {
        doorbell.ring(3);
        doorbell.take(Duration.ZERO);
        // The worker's read found nothing, but an entry was appended (and the shard rung) just after that read.
        doorbell.ring(3);
        doorbell.drained(3);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(3);
    }

    @Test
    void anEmptyReadOfAShardNobodyRangLetsItGoIdleUntilTheNextRing() throws Exception {
        doorbell.ring(3);
        doorbell.take(Duration.ZERO);
        doorbell.drained(3);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
        doorbell.ring(3);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(3);
    }

    @Test
    void aShardToReadAgainAfterTheLingerIsNotTakenBeforeTheLingerHasPassedRingsOrNot() throws Exception {
        doorbell.ring(4);
        doorbell.take(Duration.ZERO);
        doorbell.again(4, Duration.ofMillis(20));
        doorbell.ring(4);
        doorbell.ring(1);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(1);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
        clock.addAndGet(Duration.ofMillis(19).toNanos());
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
        clock.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(4);
    }

    @Test
    void ringingAllQueuesEveryShardOnceEvenThoseAlreadyRung() throws Exception {
        doorbell.ring(6);
        doorbell.ringAll();

        Set<Integer> taken = new HashSet<>();
        for (int shard; (shard = doorbell.take(Duration.ZERO)) >= 0; ) {
            assertThat(taken.add(shard)).isTrue();
        }
        assertThat(taken).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void aWaitingWorkerWakesWhenAShardIsRung() throws Exception {
        ShardDoorbell realTime = new ShardDoorbell(4);
        CountDownLatch waiting = new CountDownLatch(1);
        int[] taken = {-2};
        Thread worker = new Thread(() -> {
            waiting.countDown();
            try {
                taken[0] = realTime.take(Duration.ofSeconds(30));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        waiting.await();
        Thread.sleep(50);
        long rungAt = System.nanoTime();

        realTime.ring(2);
        worker.join(5_000);

        assertThat(taken[0]).isEqualTo(2);
        assertThat(Duration.ofNanos(System.nanoTime() - rungAt)).isLessThan(Duration.ofSeconds(5));
    }

    /**
     * Rings from many threads while workers drain: every shard rung after a worker's last read of it is read again
     * (here: each ring is counted, and each shard's last ring must be followed by a take), and no shard is ever held by
     * two workers at once.
     */
    @Test
    void underConcurrentRingsNoShardIsHeldTwiceAndNoRingIsLeftUnread() throws Exception {
        ShardDoorbell shared = new ShardDoorbell(16);
        int[] holders = new int[16];
        AtomicLong doubleHeld = new AtomicLong();
        long[] lastRing = new long[16];
        long[] lastTakeAfter = new long[16];
        AtomicLong sequence = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            int seed = r;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 20_000; i++) {
                    int shard = (i * 7 + seed) % 16;
                    synchronized (lastRing) {
                        lastRing[shard] = sequence.incrementAndGet();
                    }
                    shared.ring(shard);
                }
            }));
        }
        for (int w = 0; w < 3; w++) {
            threads.add(new Thread(() -> {
                try {
                    int shard;
                    while ((shard = shared.take(Duration.ofMillis(200))) >= 0) {
                        synchronized (holders) {
                            if (holders[shard]++ > 0) {
                                doubleHeld.incrementAndGet();
                            }
                        }
                        synchronized (lastRing) {
                            lastTakeAfter[shard] = sequence.get();
                        }
                        synchronized (holders) {
                            holders[shard]--;
                        }
                        shared.drained(shard);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(doubleHeld.get()).isZero();
        for (int shard = 0; shard < 16; shard++) {
            assertThat(lastTakeAfter[shard]).as("shard %d", shard).isGreaterThanOrEqualTo(lastRing[shard]);
        }
        assertThat(shared.queued()).isZero();
    }

    @Test
    void aRoundTakesOnlyDueShardsItAcceptsAndLeavesTheOthersQueuedForTheirOwnRound() throws Exception {
        doorbell.ring(1);
        doorbell.ring(4);
        doorbell.ring(6);
        doorbell.again(2, Duration.ofMillis(5));

        // Even shards only: 4 was rung before 6; 2 is not due yet.
        assertThat(doorbell.takeDue(shard -> shard % 2 == 0)).isEqualTo(4);
        assertThat(doorbell.takeDue(shard -> shard % 2 == 0)).isEqualTo(6);
        assertThat(doorbell.takeDue(shard -> shard % 2 == 0)).isEqualTo(-1);

        clock.addAndGet(Duration.ofMillis(5).toNanos());
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(1);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(2);
    }

    @Test
    void aShardTakenForARoundIsHeldLikeOneTakenAlone() throws Exception {
        doorbell.ring(4);
        assertThat(doorbell.takeDue(shard -> true)).isEqualTo(4);

        doorbell.ring(4);

        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(-1);
    }

    @Test
    void aWorkerOfOneDatabaseTakesOnlyItsShardsAndLeavesTheOthersQueuedForTheirOwnWorkers() throws Exception {
        // Four shards per database: shard v is on database v % 2, as DatabaseShards places them with two databases.
        doorbell.ring(1);
        doorbell.ring(4);
        doorbell.ring(3);
        doorbell.ring(6);

        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 0)).isEqualTo(4);
        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 0)).isEqualTo(6);
        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 0)).isEqualTo(-1);
        assertThat(doorbell.queued()).isEqualTo(2);
        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 1)).isEqualTo(1);
        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 1)).isEqualTo(3);
    }

    @Test
    void aWorkerWaitingForItsDatabasesShardsIsWokenByARingOfOneOfThemWhateverOtherWorkersWait() throws Exception {
        ShardDoorbell realTime = new ShardDoorbell(8);
        List<Integer> taken = new ArrayList<>();
        CountDownLatch waiting = new CountDownLatch(2);
        Thread even = new Thread(() -> {
            waiting.countDown();
            try {
                taken.add(realTime.take(Duration.ofSeconds(5), shard -> shard % 2 == 0));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread odd = new Thread(() -> {
            waiting.countDown();
            try {
                realTime.take(Duration.ofMillis(300), shard -> shard % 2 == 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        odd.start();
        even.start();
        waiting.await();
        Thread.sleep(50);
        long rung = System.nanoTime();

        realTime.ring(2);
        even.join(5_000);

        assertThat(taken).containsExactly(2);
        assertThat(Duration.ofNanos(System.nanoTime() - rung)).isLessThan(Duration.ofSeconds(1));
        odd.join(5_000);
    }

    @Test
    void aSafetyPassOfOneDatabaseRingsOnlyItsShards() throws Exception {
        doorbell.ringAll(shard -> shard % 2 == 1);

        assertThat(doorbell.queued()).isEqualTo(4);
        assertThat(doorbell.take(Duration.ZERO, shard -> shard % 2 == 0)).isEqualTo(-1);
        assertThat(doorbell.take(Duration.ZERO)).isEqualTo(1);
    }
}
