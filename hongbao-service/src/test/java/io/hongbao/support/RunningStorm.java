package io.hongbao.support;

import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * A grab storm that runs in the background until stopped, at {@link #GRABS_PER_SECOND}, so a fault can hit it at a chosen moment and the storm goes
 * on through the outage and the recovery. Each grab is a random (user, packet) pair from a seeded generator: users
 * come back to packets they already hold, so ALREADY_GRABBED answers (and the amounts they name) are part of the storm.
 */
public final class RunningStorm {

    /**
     * How fast a running storm grabs, all its clients together. A storm here is what a fault hits, not a load test
     * (load is the bench's): a few hundred answers on each side of a fault show what the judges look for as well as
     * thousands do, and a storm as fast as its clients could go took CI's two shared cores from the test running
     * beside it (ADR 0090).
     */
    public static final int GRABS_PER_SECOND = 80;

    /**
     * How many answers a storm waits for on each side of a fault: five seconds at {@link #GRABS_PER_SECOND}, enough
     * to show the service granting, refusing and recording before the fault and again after it. Every second waited
     * here is a second of CI for each fault a test plays.
     */
    public static final int ANSWERS_AROUND_A_FAULT = 400;

    private final GrabStorm storm;
    private final CompletableFuture<List<Attempt>> attempts;
    private volatile boolean stopping;

    private RunningStorm(GrabStorm storm, List<String> packets, long firstUser, int users, int threads, long seed) {
        this.storm = storm;
        Random random = new Random(seed);
        this.attempts = CompletableFuture.supplyAsync(() -> {
            try {
                return storm.runUntil(
                        () -> new Plan(firstUser + random.nextInt(users), packets.get(random.nextInt(packets.size()))),
                        threads,
                        GRABS_PER_SECOND,
                        () -> stopping);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    /** {@code threads} clients grabbing {@code packets} as users {@code firstUser .. firstUser + users - 1}. */
    public static RunningStorm start(
            String baseUrl,
            LongFunction<String> tokenFor,
            List<String> packets,
            long firstUser,
            int users,
            int threads,
            long seed) {
        return new RunningStorm(new GrabStorm(baseUrl, tokenFor), packets, firstUser, users, threads, seed);
    }

    /** How many grabs got an HTTP answer so far. */
    public int answered() {
        return storm.answered();
    }

    /** Every grab that ended so far, answered or not; the storm goes on. */
    public List<Attempt> soFar() {
        return storm.soFar();
    }

    /** Blocks until {@code count} more grabs than now have been answered. */
    public void awaitMoreAnswers(int count, Duration limit) throws InterruptedException {
        int target = answered() + count;
        long deadline = System.nanoTime() + limit.toNanos();
        while (answered() < target) {
            if (System.nanoTime() > deadline || attempts.isDone()) {
                throw new IllegalStateException(
                        "the storm got " + answered() + " answers, not " + target + ", within " + limit);
            }
            Thread.sleep(5);
        }
    }

    /** Blocks until the next grab is answered 200 (decided) and returns how long that took. */
    public Duration awaitNextDecided(Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        int target = storm.decided() + 1;
        while (storm.decided() < target) {
            if (System.nanoTime() - start > limit.toNanos() || attempts.isDone()) {
                throw new IllegalStateException("no grab was decided within " + limit);
            }
            Thread.sleep(1);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** Stops the clients and returns every attempt, answered or not. */
    public List<Attempt> stop() throws Exception {
        stopping = true;
        return attempts.get(5, TimeUnit.MINUTES);
    }
}
