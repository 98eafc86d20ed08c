package io.hongbao.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.lab.application.Attempt;
import io.hongbao.lab.application.Judging;
import io.hongbao.lab.application.Verdict;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.lab.model.GrabStrategy;
import io.hongbao.lab.model.LabAudit;
import io.hongbao.lab.model.LabAudit.PacketBalance;
import io.hongbao.lab.model.LabOutcome;
import io.hongbao.lab.model.LabPacket;
import io.hongbao.lab.model.LabRun;
import io.hongbao.lab.model.NonBlockingGrabStrategy;
import io.hongbao.support.IntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Every strategy of the lab under a grab storm on real Redis and MariaDB: many users, each trying every packet twice
 * from many threads at once. Afterwards nothing is over-issued or doubled, the money of every packet adds up, every
 * grant is in the database, and (once quiet users have taken what the storm left) every share went to someone.
 */
class GrabStrategiesIT extends IntegrationTest {

    private static final int THREADS = 12;
    private static final int USERS = 40;
    private static final int PACKETS = 6;

    @Autowired
    GrabStrategies strategies;

    @Test
    void theCatalogueHoldsEveryStrategyOfTheSeeds() {
        assertThat(strategies.names())
                .contains(
                        "redis-lock",
                        "db-pessimistic",
                        "db-optimistic-version",
                        "db-optimistic-shares",
                        "redis-list-pop",
                        "redis-async-queue",
                        "lua-list",
                        "lua-live-split",
                        "hongbao");
    }

    @TestFactory
    Stream<DynamicTest> everyStrategySurvivesAGrabStormWithEveryInvariantIntact() {
        return strategies.names().stream().map(name -> DynamicTest.dynamicTest(name, () -> survivesAGrabStorm(name)));
    }

    private void survivesAGrabStorm(String name) throws Exception {
        Random random = new Random(name.hashCode());
        LabRun run = newRun(name, random);
        try (GrabStrategy strategy = strategies.open(name)) {
            strategy.prepare(run);
            List<Attempt> attempts = new ArrayList<>(storm(strategy, run, random));
            attempts.addAll(quietUsersTakeTheRest(strategy, run));
            assertThat(strategy.awaitPersisted(Duration.ofSeconds(30))).isTrue();
            LabAudit audit = strategy.audit();

            Verdict verdict = Judging.judge(audit, attempts);

            assertThat(verdict.overIssued()).as("over-issued").isZero();
            assertThat(verdict.duplicateGrabs()).as("duplicate grabs").isZero();
            assertThat(verdict.conserved()).as("grabs + remaining = total").isTrue();
            assertThat(verdict.persisted()).as("grants in the database").isEqualTo(verdict.granted());
            int shares = run.packets().stream().mapToInt(LabPacket::count).sum();
            assertThat(verdict.granted()).as("every share went to someone").isEqualTo(shares);
            assertThat(audit.grabs()).hasSize(shares);
            assertThat(audit.packets())
                    .extracting(PacketBalance::remainingAmount)
                    .containsOnly(0L);
        }
    }

    /**
     * The production path as production runs it: attempts that arrive while their shard's script call is in flight
     * leave together in the next one. Sixty-four attempts on one packet, sent without waiting, cannot all find the
     * lane idle; a strategy that stopped coalescing (one blocking call at a time, or a path around the service's
     * lanes) reports a mean batch of 1 or nothing at all.
     */
    @Test
    void theProductionPathCoalescesConcurrentAttemptsAndKeepsEveryInvariant() throws Exception {
        long runId = strategies.newRun("hongbao coalescing");
        LabPacket packet = LabPacket.split(LabRun.packetId(runId, 0), 5_000, 40, new Random(7));
        LabRun run = new LabRun(runId, List.of(packet));
        try (GrabStrategy strategy = strategies.open("hongbao")) {
            assertThat(strategy).isInstanceOf(NonBlockingGrabStrategy.class);
            NonBlockingGrabStrategy hongbao = (NonBlockingGrabStrategy) strategy;
            hongbao.prepare(run);
            List<long[]> sent = new ArrayList<>();
            List<CompletableFuture<LabOutcome>> answers = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                long userId = newUser();
                sent.add(new long[] {userId, System.nanoTime()});
                answers.add(hongbao.grabLater(packet.id(), userId).toCompletableFuture());
            }
            List<Attempt> attempts = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                LabOutcome outcome = answers.get(i).get(30, TimeUnit.SECONDS);
                attempts.add(new Attempt(packet.id(), sent.get(i)[0], outcome, sent.get(i)[1], System.nanoTime()));
            }

            assertThat(hongbao.meanBatch()).as("attempts per script call").isGreaterThan(1.0);
            assertThat(hongbao.awaitPersisted(Duration.ofSeconds(30))).isTrue();
            Verdict verdict = Judging.judge(hongbao.audit(), attempts);
            assertThat(verdict.correct()).as(verdict.toString()).isTrue();
            assertThat(verdict.granted()).isEqualTo(40);
        }
    }

    private LabRun newRun(String name, Random random) {
        long runId = strategies.newRun(name);
        List<LabPacket> packets = new ArrayList<>();
        for (int index = 0; index < PACKETS; index++) {
            int count = 3 + random.nextInt(13);
            long total = count + random.nextInt(count * 500);
            packets.add(LabPacket.split(LabRun.packetId(runId, index), total, count, random));
        }
        return new LabRun(runId, packets);
    }

    /** Every user tries every packet twice, in random order, from {@value #THREADS} threads released at once. */
    private static List<Attempt> storm(GrabStrategy strategy, LabRun run, Random random) throws Exception {
        List<long[]> plan = new ArrayList<>();
        for (int user = 0; user < USERS; user++) {
            long userId = newUser();
            for (LabPacket packet : run.packets()) {
                plan.add(new long[] {packet.id(), userId});
                plan.add(new long[] {packet.id(), userId});
            }
        }
        Collections.shuffle(plan, random);
        ConcurrentLinkedQueue<Attempt> attempts = new ConcurrentLinkedQueue<>();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                workers.add(threads.submit(() -> {
                    start.await();
                    for (int i = next.getAndIncrement(); i < plan.size(); i = next.getAndIncrement()) {
                        attempts.add(attempt(strategy, plan.get(i)[0], plan.get(i)[1]));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> worker : workers) {
                worker.get(); // rethrows a strategy's failure
            }
        } finally {
            threads.shutdownNow();
        }
        return new ArrayList<>(attempts);
    }

    /** New users, one at a time, until each packet says "sold out": a strategy must not strand a share. */
    private static List<Attempt> quietUsersTakeTheRest(GrabStrategy strategy, LabRun run) {
        List<Attempt> attempts = new ArrayList<>();
        for (LabPacket packet : run.packets()) {
            for (int tries = 0; tries <= packet.count(); tries++) {
                Attempt attempt = attempt(strategy, packet.id(), newUser());
                attempts.add(attempt);
                if (attempt.outcome() instanceof LabOutcome.SoldOut) {
                    break;
                }
            }
        }
        return attempts;
    }

    private static Attempt attempt(GrabStrategy strategy, long packetId, long userId) {
        long started = System.nanoTime();
        LabOutcome outcome = strategy.grab(packetId, userId);
        return new Attempt(packetId, userId, outcome, started, System.nanoTime());
    }
}
