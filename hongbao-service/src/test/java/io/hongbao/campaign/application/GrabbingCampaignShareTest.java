package io.hongbao.campaign.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignId;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.redpacket.model.PacketId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class GrabbingCampaignShareTest {

    private static final int POOLS = 8;

    private final InMemoryPools live = new InMemoryPools();
    private final InMemoryClaims claims = new InMemoryClaims();
    private final GrabbingCampaignShare grabbing = new GrabbingCampaignShare(
            id -> java.util.concurrent.CompletableFuture.completedFuture(java.util.Optional.empty()), live, claims);
    private final CampaignPools pools = new CampaignPools(
            new CampaignId("c1"),
            IntStream.range(0, POOLS).mapToObj(i -> new PacketId("pool" + i)).toList(),
            java.time.Instant.EPOCH);

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
        Collections.shuffle(attempts, new java.util.Random(11));
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

        CampaignPools missing =
                new CampaignPools(new CampaignId("c2"), List.of(new PacketId("gone")), java.time.Instant.EPOCH);
        assertThat(grabbing.grab(missing, user).toCompletableFuture().join()).isInstanceOf(CampaignGrab.TryAgain.class);
    }

    private void fill(int sharesPerPool, long amount) {
        for (int pool = 0; pool < POOLS; pool++) {
            live.add(pools.pool(pool), Collections.nCopies(sharesPerPool, amount));
        }
    }

    private CampaignGrab grab(UserId user) {
        return grabbing.grab(pools, user).toCompletableFuture().join();
    }
}
