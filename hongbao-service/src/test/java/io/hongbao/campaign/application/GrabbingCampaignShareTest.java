package io.hongbao.campaign.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.LiveCampaign;
import io.hongbao.campaign.model.OncePer;
import io.hongbao.redpacket.model.PacketId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GrabbingCampaignShareTest {

    private static final int POOLS = 8;
    private static final Instant START = Instant.parse("2026-11-29T12:00:00Z");

    private final InMemoryPools live = new InMemoryPools();
    private final InMemoryClaims claims = new InMemoryClaims();
    private final SettableClock clock = new SettableClock(START);
    private final GrabbingCampaignShare grabbing =
            new GrabbingCampaignShare(id -> CompletableFuture.completedFuture(Optional.empty()), live, claims, clock);
    private final CampaignPools pools = round("c1", 0, START, Duration.ofMinutes(1));
    private final LiveCampaign campaign = new LiveCampaign(new CampaignId("c1"), OncePer.CAMPAIGN, List.of(pools));

    @Test
    void aPersonAtHomeInAPoolWithSharesGetsOneThereInOneCallAndNoClaimIsRecorded() {
        fill(10, 7L);
        UserId user = UserId.of(1);

        CampaignGrab grab = grab(user);

        assertThat(grab).isEqualTo(new CampaignGrab.Granted(7, pools.home(user)));
        assertThat(claims.moves()).isZero();
    }

    @Test
    void aPersonWhoseHomePoolIsSoldOutGetsAShareFromTheNextPoolThatHasOne() {
        UserId user = UserId.of(1);
        int home = pools.home(user);
        for (int pool = 0; pool < POOLS; pool++) {
            live.add(pools.pool(pool), pool == (home + 2) % POOLS ? List.of(5L) : List.of());
        }

        CampaignGrab grab = grab(user);

        assertThat(grab).isEqualTo(new CampaignGrab.Granted(5, (home + 2) % POOLS));
        assertThat(grab(user))
                .as("the second grab finds the share where the claim points")
                .isEqualTo(new CampaignGrab.AlreadyGranted(5));
    }

    @Test
    void soldOutIsAnsweredOnlyWhenNoPoolHasAShareLeft() {
        UserId user = UserId.of(1);
        for (int pool = 0; pool < POOLS; pool++) {
            live.add(pools.pool(pool), List.of());
        }

        assertThat(grab(user)).isEqualTo(new CampaignGrab.SoldOut());
        assertThat(grab(UserId.of(2)))
                .as("every pool known empty on this instance: the walk ends at once")
                .isEqualTo(new CampaignGrab.SoldOut());
    }

    @Test
    void nobodyGetsTwoSharesAndSoldOutIsNeverSaidWhileOneIsLeftWhenManyGrabAtOnceAndAgain() throws Exception {
        int shares = 400;
        List<Long> amounts = new ArrayList<>();
        for (int pool = 0; pool < POOLS; pool++) {
            List<Long> poolShares = new ArrayList<>();
            for (int i = 0; i < shares / POOLS; i++) {
                long amount = 1 + pool * 100L + i;
                poolShares.add(amount);
                amounts.add(amount);
            }
            live.add(pools.pool(pool), poolShares);
        }
        List<Long> attempts = new ArrayList<>();
        for (long user = 1; user <= 600; user++) {
            for (int times = 0; times < 3; times++) {
                attempts.add(user);
            }
        }
        Collections.shuffle(attempts, new Random(11));
        ConcurrentLinkedQueue<String> wrongSoldOuts = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Map.Entry<Long, CampaignGrab>> answers = new ConcurrentLinkedQueue<>();

        ExecutorService crowd = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (long user : attempts) {
                running.add(crowd.submit(() -> {
                    CampaignGrab grab = grab(UserId.of(user));
                    answers.add(Map.entry(user, grab));
                    // Shares only ever leave: if any is left now, one was left when sold out was said.
                    if (grab instanceof CampaignGrab.SoldOut && live.remaining() > 0) {
                        wrongSoldOuts.add(user + " told sold out with " + live.remaining() + " left");
                    }
                }));
            }
            for (Future<?> task : running) {
                task.get();
            }
        } finally {
            crowd.shutdown();
        }

        Map<UserId, Integer> sharesPerPerson = new HashMap<>();
        List<Long> granted = new ArrayList<>();
        live.grants()
                .values()
                .forEach(pool -> pool.forEach((user, amount) -> {
                    sharesPerPerson.merge(user, 1, Integer::sum);
                    granted.add(amount);
                }));
        assertThat(sharesPerPerson.values())
                .as("shares per person")
                .allSatisfy(n -> assertThat(n).isEqualTo(1));
        assertThat(granted).as("every share granted once").containsExactlyInAnyOrderElementsOf(amounts);
        assertThat(wrongSoldOuts).isEmpty();
        Map<Long, Long> answeredAmount = new HashMap<>();
        for (Map.Entry<Long, CampaignGrab> answer : answers) {
            long amount = answer.getValue() instanceof CampaignGrab.Granted first
                    ? first.amount()
                    : answer.getValue() instanceof CampaignGrab.AlreadyGranted earlier ? earlier.amount() : -1;
            if (amount >= 0) {
                Long before = answeredAmount.putIfAbsent(answer.getKey(), amount);
                assertThat(before == null || before == amount)
                        .as("user %d answered one amount", answer.getKey())
                        .isTrue();
            }
        }
        assertThat(answeredAmount).hasSize(shares);
    }

    @Test
    void anExpiredPoolEndsTheGrabAndAMissingOneAsksForARetry() {
        fill(1, 3L);
        UserId user = UserId.of(1);
        live.expire(pools.pool(pools.home(user)));

        assertThat(grab(user)).isEqualTo(new CampaignGrab.Ended());

        LiveCampaign missing = new LiveCampaign(
                new CampaignId("c2"),
                OncePer.CAMPAIGN,
                List.of(new CampaignPools(
                        new CampaignId("c2"), 0, List.of(new PacketId("gone")), START, START.plusSeconds(60))));
        assertThat(grabbing.grab(missing, user).toCompletableFuture().join()).isInstanceOf(CampaignGrab.TryAgain.class);
    }

    @Test
    void aGrabBeforeTheFirstRoundIsToldWhenItStartsAndTakesNothing() {
        fill(1, 3L);
        clock.set(START.minusSeconds(5));

        assertThat(grab(UserId.of(1))).isEqualTo(new CampaignGrab.NotStarted(START));
        assertThat(live.remaining()).isEqualTo(POOLS);
    }

    @Test
    void onceInAllRoundsAPersonWithAShareOfAnEarlierRoundIsAnsweredThatShareAndTakesNoOther() {
        TwoRounds rounds = twoRounds(OncePer.CAMPAIGN);
        UserId user = UserId.of(1);
        CampaignGrab first =
                grabbing.grab(rounds.campaign, user).toCompletableFuture().join();
        assertThat(first).isEqualTo(new CampaignGrab.Granted(10, rounds.first.home(user)));

        rounds.endFirst();

        assertThat(grabbing.grab(rounds.campaign, user).toCompletableFuture().join())
                .isEqualTo(new CampaignGrab.AlreadyGranted(10));
        assertThat(grabbing.grab(rounds.campaign, UserId.of(2))
                        .toCompletableFuture()
                        .join())
                .as("someone who took nothing in the first round takes a share of the second")
                .isEqualTo(new CampaignGrab.Granted(20, rounds.second.home(UserId.of(2))));
    }

    @Test
    void onceInAllRoundsAShareAnEarlierRoundGaveAwayFromHomeIsFoundWhereTheClaimPointsTo() {
        TwoRounds rounds = twoRounds(OncePer.CAMPAIGN);
        UserId user = UserId.of(1);
        int home = rounds.first.home(user);
        UserId neighbour = IntStream.rangeClosed(2, 1_000)
                .mapToObj(UserId::of)
                .filter(other -> rounds.first.home(other) == home)
                .findFirst()
                .orElseThrow();
        grabbing.grab(rounds.campaign, neighbour).toCompletableFuture().join();
        CampaignGrab first =
                grabbing.grab(rounds.campaign, user).toCompletableFuture().join();
        assertThat(first).isEqualTo(new CampaignGrab.Granted(10, (home + 1) % POOLS));

        rounds.endFirst();

        assertThat(grabbing.grab(rounds.campaign, user).toCompletableFuture().join())
                .isEqualTo(new CampaignGrab.AlreadyGranted(10));
    }

    @Test
    void onceInEachRoundAPersonTakesAShareOfEveryRound() {
        TwoRounds rounds = twoRounds(OncePer.ROUND);
        UserId user = UserId.of(1);
        grabbing.grab(rounds.campaign, user).toCompletableFuture().join();

        rounds.endFirst();

        assertThat(grabbing.grab(rounds.campaign, user).toCompletableFuture().join())
                .isEqualTo(new CampaignGrab.Granted(20, rounds.second.home(user)));
    }

    @Test
    void betweenTwoRoundsAGrabIsToldWhenTheNextStarts() {
        TwoRounds rounds = twoRounds(OncePer.ROUND);
        for (CampaignPools round : List.of(rounds.first)) {
            round.pools().forEach(live::expire);
        }
        clock.set(rounds.first.endsAt());

        assertThat(grabbing.grab(rounds.campaign, UserId.of(1))
                        .toCompletableFuture()
                        .join())
                .isEqualTo(new CampaignGrab.NotStarted(rounds.second.startsAt()));
    }

    /**
     * The first round's pools expire one by one (each Redis primary keeps its own clock) while the crowd walks them
     * and grabs in the second round too: the close of the first round must never let anyone take a share of each.
     */
    @Test
    void onceInAllRoundsNobodyHoldsSharesOfTwoRoundsWhenTheFirstEndsUnderTheCrowd() throws Exception {
        TwoRounds rounds = twoRounds(OncePer.CAMPAIGN, 30);
        List<Long> attempts = new ArrayList<>();
        for (long user = 1; user <= 600; user++) {
            for (int times = 0; times < 3; times++) {
                attempts.add(user);
            }
        }
        Collections.shuffle(attempts, new Random(7));
        List<PacketId> expiring = new ArrayList<>(rounds.first.pools());
        Collections.shuffle(expiring, new Random(8));

        ExecutorService crowd = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < attempts.size(); i++) {
                long user = attempts.get(i);
                if (i == attempts.size() / 3) {
                    // The instances' clocks say the second round is on before every pool of the first has expired.
                    clock.set(rounds.second.startsAt());
                }
                if (i > attempts.size() / 4 && i % 40 == 0 && !expiring.isEmpty()) {
                    live.expire(expiring.remove(0));
                }
                running.add(crowd.submit(() -> grabbing.grab(rounds.campaign, UserId.of(user))
                        .toCompletableFuture()
                        .join()));
            }
            expiring.forEach(live::expire);
            for (Future<?> task : running) {
                task.get();
            }
        } finally {
            crowd.shutdown();
        }

        Map<UserId, Integer> sharesPerPerson = new HashMap<>();
        live.grants()
                .values()
                .forEach(pool -> pool.keySet().forEach(user -> sharesPerPerson.merge(user, 1, Integer::sum)));
        assertThat(sharesPerPerson.values())
                .as("shares per person over both rounds")
                .allSatisfy(n -> assertThat(n).isEqualTo(1));
        assertThat(sharesPerPerson)
                .as("someone took a share of the second round")
                .hasSizeGreaterThan(60);
    }

    /** A campaign of two rounds of {@code POOLS} pools each: one share per pool, 10 cents in the first, 20 in the second. */
    private TwoRounds twoRounds(OncePer oncePer) {
        return twoRounds(oncePer, 1);
    }

    private TwoRounds twoRounds(OncePer oncePer, int sharesPerPool) {
        CampaignPools first = round("c3", 0, START, Duration.ofMinutes(1));
        CampaignPools second = round("c3", 1, START.plus(Duration.ofMinutes(2)), Duration.ofMinutes(1));
        first.pools().forEach(pool -> live.add(pool, Collections.nCopies(sharesPerPool, 10L)));
        second.pools().forEach(pool -> live.add(pool, Collections.nCopies(sharesPerPool, 20L)));
        return new TwoRounds(new LiveCampaign(new CampaignId("c3"), oncePer, List.of(first, second)), first, second);
    }

    private final class TwoRounds {
        final LiveCampaign campaign;
        final CampaignPools first;
        final CampaignPools second;

        TwoRounds(LiveCampaign campaign, CampaignPools first, CampaignPools second) {
            this.campaign = campaign;
            this.first = first;
            this.second = second;
        }

        /** The first round's pools expire, and the second round is on. */
        void endFirst() {
            first.pools().forEach(live::expire);
            clock.set(second.startsAt());
        }
    }

    private static CampaignPools round(String campaign, int round, Instant startsAt, Duration lasts) {
        return new CampaignPools(
                new CampaignId(campaign),
                round,
                IntStream.range(0, POOLS)
                        .mapToObj(i -> new PacketId(campaign + "r" + round + "p" + i))
                        .toList(),
                startsAt,
                startsAt.plus(lasts));
    }

    /** A clock the test moves. */
    private static final class SettableClock extends Clock {
        private final AtomicReference<Instant> now;

        SettableClock(Instant now) {
            this.now = new AtomicReference<>(now);
        }

        void set(Instant instant) {
            now.set(instant);
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    private void fill(int sharesPerPool, long amount) {
        for (int pool = 0; pool < POOLS; pool++) {
            live.add(pools.pool(pool), Collections.nCopies(sharesPerPool, amount));
        }
    }

    private CampaignGrab grab(UserId user) {
        return grabbing.grab(campaign, user).toCompletableFuture().join();
    }
}
