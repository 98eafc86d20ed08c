package io.hongbao.support;

import io.github.bucket4j.Bucket;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;

/**
 * A crowd of distinct people grabbing one campaign (ADR 0103) over HTTP, in the background, paced, so that a fault can
 * hit it mid-round. Each person taps once, and again only while no answer decided their grab: a 503 ("may have
 * happened, retrying is safe"), no answer at all (the instance died under the tap), a 502 or 504 (the balancer's word
 * for an instance that died under it) or TRY_AGAIN. A retry tells what the earlier tap did: ALREADY_GRABBED with the
 * amount if it granted. A person still undecided after {@link #MOST_TAPS} taps is given up on, as a client would,
 * and judged as unknown.
 */
public final class CampaignCrowd {

    /**
     * How fast the crowd taps, all its clients together. Faster than a packet storm's pace (RunningStorm): a round
     * must sell a few thousand shares to more people than that within seconds; it spends the same CPU whatever the
     * pace, only in less wall time.
     */
    public static final int TAPS_PER_SECOND = 250;

    /** What TRY_AGAIN's retryAfterMillis says, and a retry-safe failure's pause too: a client's back-off. */
    private static final Duration COME_BACK_AFTER = Duration.ofMillis(500);

    /** Twenty seconds of taps at {@link #COME_BACK_AFTER}: the failover window's bound (ClusterIT) with room. */
    private static final int MOST_TAPS = 40;

    private static final Set<String> DECIDED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED");
    private static final Set<Integer> MAY_HAVE_HAPPENED = Set.of(0, 502, 503, 504);

    private final List<GrabStorm> firstTapsThrough;
    private final GrabStorm retriesThrough;
    private final Set<GrabStorm> deadEntries = ConcurrentHashMap.newKeySet();
    private final String campaign;
    private final ConcurrentLinkedQueue<Long> notYetTapped;
    private final DelayQueue<Retry> comingBack = new DelayQueue<>();
    private final AtomicInteger undecided;
    private final AtomicInteger answered = new AtomicInteger();
    private final ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();
    private final Set<Long> gaveUp = ConcurrentHashMap.newKeySet();
    private final Bucket pace;
    private final ExecutorService clients;

    private CampaignCrowd(
            List<GrabStorm> firstTapsThrough,
            GrabStorm retriesThrough,
            String campaign,
            List<Long> people,
            int threads) {
        this.firstTapsThrough = firstTapsThrough;
        this.retriesThrough = retriesThrough;
        this.campaign = campaign;
        this.notYetTapped = new ConcurrentLinkedQueue<>(people);
        this.undecided = new AtomicInteger(people.size());
        // A tenth of a second's taps may go at once, so clients freed together (a failover ending) catch up a little.
        this.pace = Bucket.builder()
                .addLimit(limit ->
                        limit.capacity(TAPS_PER_SECOND / 10).refillGreedy(TAPS_PER_SECOND, Duration.ofSeconds(1)))
                .build();
        this.clients = Executors.newFixedThreadPool(threads);
        for (int i = 0; i < threads; i++) {
            clients.execute(this::tapUntilEveryoneIsDecided);
        }
        clients.shutdown();
    }

    /**
     * People {@code firstPerson .. firstPerson + people - 1}, in an order {@code seed} shuffles, on {@code threads}
     * clients. A person's first tap goes to {@code firstTapsThrough[person mod n]} (an instance straight, or the
     * balancer), their retries through {@code retriesThrough}: a client whose instance died under it comes back through
     * the address that still answers.
     */
    public static CampaignCrowd start(
            List<String> firstTapsThrough,
            String retriesThrough,
            LongFunction<String> tokenFor,
            String campaign,
            long firstPerson,
            int people,
            int threads,
            long seed) {
        List<Long> crowd = new ArrayList<>();
        for (long person = firstPerson; person < firstPerson + people; person++) {
            crowd.add(person);
        }
        Collections.shuffle(crowd, new Random(seed));
        return new CampaignCrowd(
                firstTapsThrough.stream()
                        .map(url -> GrabStorm.ofCampaigns(url, tokenFor))
                        .toList(),
                GrabStorm.ofCampaigns(retriesThrough, tokenFor),
                campaign,
                crowd,
                threads);
    }

    /** How many taps got an HTTP answer so far. */
    public int answered() {
        return answered.get();
    }

    /** Every tap that ended so far, answered or not, while the crowd may still tap. */
    public List<Attempt> soFar() {
        return new ArrayList<>(attempts);
    }

    /** Blocks until {@code count} more taps than now have been answered. */
    public void awaitMoreAnswers(int count, Duration limit) throws InterruptedException {
        int target = answered() + count;
        long deadline = System.nanoTime() + limit.toNanos();
        while (answered() < target) {
            if (System.nanoTime() > deadline || clients.isTerminated()) {
                throw new IllegalStateException(
                        "the crowd got " + answered() + " answers, not " + target + ", within " + limit);
            }
            Thread.sleep(5);
        }
    }

    /** Waits until every person was decided or given up on, and returns every tap, answered or not. */
    public List<Attempt> finish(Duration limit) throws InterruptedException {
        if (!clients.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            clients.shutdownNow();
            throw new IllegalStateException(undecided.get() + " people still undecided after " + limit);
        }
        return soFar();
    }

    /** The people given up on after {@link #MOST_TAPS} taps without a decided answer: their grabs are unknown. */
    public Set<Long> gaveUp() {
        return Set.copyOf(gaveUp);
    }

    private void tapUntilEveryoneIsDecided() {
        try {
            while (undecided.get() > 0) {
                Retry tap = nextTap();
                if (tap != null) {
                    pace.asBlocking().consume(1);
                    tap(tap);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A retry that is due first, else someone who has not tapped yet, else the next retry within a moment. */
    private Retry nextTap() throws InterruptedException {
        Retry due = comingBack.poll();
        if (due != null) {
            return due;
        }
        Long person = notYetTapped.poll();
        if (person != null) {
            return new Retry(person, 1, 0);
        }
        return comingBack.poll(20, TimeUnit.MILLISECONDS);
    }

    private void tap(Retry tap) {
        GrabStorm through = tap.number() == 1 ? firstTapThrough(tap.person()) : retriesThrough;
        Attempt attempt = through.attempt(new Plan(tap.person(), campaign));
        attempts.add(attempt);
        if (attempt.status() != 0) {
            answered.incrementAndGet();
        } else if (through != retriesThrough) {
            // The crowd's apps learn that this address stopped answering and send no more first taps there.
            deadEntries.add(through);
        }
        boolean mayHaveHappened = MAY_HAVE_HAPPENED.contains(attempt.status())
                || (attempt.status() == 200 && !DECIDED.contains(attempt.outcome()));
        if (!mayHaveHappened) {
            // Decided, or an answer no retry changes (the test counts those).
            undecided.decrementAndGet();
        } else if (tap.number() >= MOST_TAPS) {
            gaveUp.add(tap.person());
            undecided.decrementAndGet();
        } else {
            comingBack.add(new Retry(tap.person(), tap.number() + 1, System.nanoTime() + COME_BACK_AFTER.toNanos()));
        }
    }

    private GrabStorm firstTapThrough(long person) {
        GrabStorm entry = firstTapsThrough.get((int) Math.floorMod(person, (long) firstTapsThrough.size()));
        return deadEntries.contains(entry) ? retriesThrough : entry;
    }

    /** A person's {@code number}th tap, due at {@code dueAtNanos} (System.nanoTime). */
    private record Retry(long person, int number, long dueAtNanos) implements Delayed {

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueAtNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(dueAtNanos, ((Retry) other).dueAtNanos);
        }
    }
}
