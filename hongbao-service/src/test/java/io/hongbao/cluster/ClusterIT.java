package io.hongbao.cluster;

import static io.hongbao.support.FaultReport.counts;
import static io.hongbao.support.FaultReport.millis;
import static io.hongbao.support.FaultReport.sentBetween;
import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.Balancer;
import io.hongbao.support.CampaignCrowd;
import io.hongbao.support.CampaignJudge;
import io.hongbao.support.ClusterRig;
import io.hongbao.support.FaultReport;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.KillableServer;
import io.hongbao.support.LocalRedisCluster.Failover;
import io.hongbao.support.LocalRedisCluster.Node;
import io.hongbao.support.PrivateServers;
import io.hongbao.support.ProcessApi;
import io.hongbao.support.RunningStorm;
import io.hongbao.support.ServiceProcess;
import io.hongbao.support.StormJudge.Verdict;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Hongbao in the deployed topology ({@link ClusterRig}): HAProxy in front of two service instances, on a Redis Cluster
 * of three primaries with a replica each and two database shards on two MariaDB servers. Grab storms through the
 * balancer over packets on every primary and both shards (the same users reaching both instances) leave every
 * invariant of the design intact; draws work on the cluster too; a database shard frozen, then killed, stops no grab
 * through the balancer and takes no instance out of it, even under a storm of page loads; an instance stopped and killed
 * mid-storm is out of the balancer within seconds and leaves nothing behind: the entries its persister held are
 * reclaimed by the other instance; and a primary killed mid-storm costs its packets a window of retry-safe 503s until
 * its replica took over, and nothing else, and so does a primary frozen (SIGSTOP) until its replica replaced it. A
 * campaign's round (ADR 0103: a crowd larger than its shares, over pools on every primary) loses no share and grants
 * nobody two through an instance killed mid-round and restarted, and through a primary killed mid-round and its
 * failover. One stage for the eight cases (starting it is most of the cost); the kills come last, the primaries' last
 * of all (a shard whose primary was replaced has no replica afterwards); the campaign's instance kill restarts the
 * instance, for the packets' instance kill after it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static final Set<String> DECIDED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT");
    private static final Set<String> DECIDED_OR_EXPIRED = Set.of("GRABBED", "ALREADY_GRABBED", "SOLD_OUT", "EXPIRED");
    private static final int EXPIRES_IN_SECONDS = 20;
    private static final Duration WINDOW_LIMIT = Duration.ofSeconds(20);
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*\"([0-9a-z-]+)\"");
    private static final Pattern PRIZE = Pattern.compile("\"prize\"\\s*:\\s*\\{\"id\"\\s*:\\s*\"([0-9a-z-]+)\"");
    private static final Duration FREEZE = Duration.ofSeconds(15);
    private static final Duration KILLED_FOR = Duration.ofSeconds(5);
    /**
     * The topology's promise: a dead instance gets no more requests after this. The balancer's configuration bounds it
     * at {@link Balancer#TAKES_A_DEAD_INSTANCE_OUT_WITHIN} (2.5 s); the rest is what the measurement itself adds on two
     * loaded cores (between the stop and the poll that sees DOWN the test reads Redis, kills the process and polls
     * HAProxy's statistics every 50 ms).
     */
    private static final Duration TAKEN_OUT_WITHIN = Duration.ofSeconds(3);

    private ClusterRig rig;

    @BeforeAll
    void startTheStage() throws Exception {
        rig = ClusterRig.start("ClusterIT", 2, Map.of());
    }

    @AfterAll
    void stopTheStage() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    @Order(1)
    void aGrabStormOverBothInstancesAndEveryPrimaryIsRecordedExactlyOnce() throws Exception {
        FaultReport report = new FaultReport("ClusterIT storm");
        // Two senders, one on each database shard: packets are placed with their senders.
        List<String> packets = new ArrayList<>(rig.sendPackets(ClusterRig.SENDER, 40, 20, 50, 86400));
        packets.addAll(rig.sendPackets(ClusterRig.SENDER + 1, 40, 20, 50, 86400));
        Map<String, Node> primaryOf = rig.primaryOf(packets);

        long start = System.nanoTime();
        RunningStorm first = rig.stormThroughBalancer(packets, 2_000_000_000L, 3000, 12, 1);
        RunningStorm second = rig.storm(1, packets, 2_000_000_000L, 3000, 12, 2);
        first.awaitMoreAnswers(800, Duration.ofMinutes(1));
        second.awaitMoreAnswers(800, Duration.ofMinutes(1));
        List<Attempt> answers = new ArrayList<>(first.stop());
        List<Attempt> onSecond = second.stop();
        answers.addAll(onSecond);
        long stormNanos = System.nanoTime() - start;

        Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(60));
        Verdict verdict = rig.judge(1).judge(answers, packets);
        report.line(
                        "stage (3 primaries + 3 replicas, 2 MariaDB shards, 2 instances, HAProxy) up in %d ms",
                        rig.startedIn().toMillis())
                .line(
                        "%d grabs in %d ms by 12 clients through HAProxy and 12 straight to the second instance (%d)"
                                + " as 3000 users, 80 packets of 20 shares on 2 database shards",
                        answers.size(), stormNanos / 1_000_000, onSecond.size())
                .line("answers: %s", counts(answers))
                .line("packets per primary: %s", packetsPerPrimary(primaryOf))
                .line("answered grabs per primary: %s", ClusterRig.perPrimary(primaryOf, answers))
                .line("all recorded %d ms after the storm; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        // 503 UNAVAILABLE (retry-safe) is allowed: a WAIT for the replicas may time out on a loaded machine (ADR 0073);
        // anything else is not.
        assertThat(counts(notDecidedNorUnavailable(answers))).isEqualTo("none");
        assertThat(Set.copyOf(primaryOf.values()))
                .as("the packets' primaries")
                .containsExactlyInAnyOrderElementsOf(rig.cluster().primaryNodes());
        for (Node primary : rig.cluster().primaryNodes()) {
            long grabsThere = answers.stream()
                    .filter(a -> primary.equals(primaryOf.get(a.packetId())))
                    .count();
            // Every primary takes part. The packets' ids are random, so their share per primary is not a third: 80
            // packets put 15 on one primary in a CI run (a fifth of the grabs was too tight a bound); fewer than a
            // tenth is five standard deviations off.
            assertThat(grabsThere).as("grabs decided on %s", primary).isGreaterThan(answers.size() / 10);
        }
        assertThat(answers).anySatisfy(a -> assertThat(a.outcome()).isEqualTo("SOLD_OUT"));
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(2)
    void drawsOnBothInstancesWinEachPrizeUnitAtMostOnce() throws Exception {
        FaultReport report = new FaultReport("ClusterIT draws");
        Instant now = Instant.now();
        HttpResponse<String> created = rig.api(0)
                .post(
                        ClusterRig.ADMIN,
                        true,
                        "/api/v1/admin/wheels",
                        "{\"name\": \"Cluster wheel\", \"drawCost\": 10, \"consolation\": {\"name\": \"back\","
                                + " \"points\": 3}, \"prizes\": [{\"name\": \"Mug\", \"stock\": 30}], \"startsAt\": \""
                                + now.minus(Duration.ofDays(2)) + "\", \"endsAt\": \"" + now.plus(Duration.ofHours(1))
                                + "\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String wheel = id(created.body());
        int users = 40;
        int drawsEach = 3;
        List<ProcessApi> apis = List.of(rig.api(0), rig.api(1));
        Map<String, Integer> answers = new ConcurrentHashMap<>();
        Map<String, Long> prizeUnits = new ConcurrentHashMap<>();
        AtomicInteger refusedFirst = new AtomicInteger();
        // Every user at once, each given points and then drawing its rounds on the two instances in turn: both
        // instances draw from the one pool at the same moment, which is what "at most once" has to survive (one call
        // after another, the 160 calls took most of a minute on a loaded machine, each waiting for its replica).
        ExecutorService drawers = Executors.newFixedThreadPool(users);
        try {
            List<Future<?>> drawn = new ArrayList<>();
            for (long user = 5_000_000_000L; user < 5_000_000_000L + users; user++) {
                long drawer = user;
                drawn.add(drawers.submit(() -> {
                    HttpResponse<String> points = rig.api(0)
                            .post(
                                    ClusterRig.ADMIN,
                                    true,
                                    "/api/v1/admin/accounts/" + drawer + "/points",
                                    "{\"points\": 100}");
                    assertThat(points.statusCode()).as(points.body()).isEqualTo(200);
                    for (int round = 0; round < drawsEach; round++) {
                        ProcessApi api = apis.get((int) ((drawer + round) % 2));
                        HttpResponse<String> draw = api.post(drawer, false, "/api/v1/wheels/" + wheel + "/draw", null);
                        // A refusal that spent nothing says when to come back (the database's draw lane was full):
                        // the client comes back then, as the contract asks, at most a few times.
                        for (int retry = 0; retry < 5 && spentNothing(draw); retry++) {
                            refusedFirst.incrementAndGet();
                            Thread.sleep(1000L
                                    * Long.parseLong(draw.headers()
                                            .firstValue("Retry-After")
                                            .orElseThrow()));
                            draw = api.post(drawer, false, "/api/v1/wheels/" + wheel + "/draw", null);
                        }
                        answers.merge(Integer.toString(draw.statusCode()), 1, Integer::sum);
                        Matcher prize = PRIZE.matcher(draw.body());
                        if (draw.statusCode() == 200 && prize.find()) {
                            prizeUnits.merge(prize.group(1), 1L, Long::sum);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> draws : drawn) {
                draws.get(2, TimeUnit.MINUTES);
            }
        } finally {
            drawers.shutdownNow();
        }
        // The pool's marker: the pool itself is gone once every unit released is won (Redis drops an empty key).
        String loadedKey = "{lottery:" + wheel + "}:loaded";
        Node pool = rig.cluster().nodeOfKey(loadedKey);
        long won = prizeUnits.values().stream().mapToLong(Long::longValue).sum();
        String audit =
                rig.api(1).get(ClusterRig.ADMIN, true, "/api/v1/admin/audit").body();
        report.line(
                        "%d draws by %d users over 2 instances, the wheel's pool on %s: answers %s (after %d retries of"
                                + " a refusal that spent nothing), prizes won %d of 30, audit %s",
                        users * drawsEach,
                        users,
                        pool,
                        answers,
                        refusedFirst.get(),
                        won,
                        audit.startsWith("{\"ok\":true") ? "ok" : audit)
                .print();

        // 202 PENDING is a draw whose replica acknowledgement came late on a loaded machine (ADR 0073): spent, decided
        // by the recovery, and counted by the audit below like any other. A 503 left after the retries is the
        // contract's answer when a store did not answer in time (its outcome unknown, settled by the same recovery).
        // What
        // would break "at most once" is more units answered won than the 30 in stock, which the count below catches,
        // and the audit checks every draw, answered or not.
        assertThat(answers).containsKey("200");
        assertThat(answers.keySet()).isSubsetOf("200", "202", "503");
        assertThat(answers.get("200")).isGreaterThan(users * drawsEach * 9 / 10);
        Long poolOnItsPrimary = rig.cluster().call(pool, redis -> redis.exists(loadedKey));
        assertThat(poolOnItsPrimary).as("the wheel's pool on the cluster").isEqualTo(1L);
        assertThat(won).isPositive().isLessThanOrEqualTo(30);
        assertThat(audit).startsWith("{\"ok\":true");
    }

    /** A 503 whose message says nothing was spent and which names a time to come back (ADR 0091's full lane). */
    private static boolean spentNothing(HttpResponse<String> answer) {
        return answer.statusCode() == 503
                && answer.body().contains("nothing was spent")
                && answer.headers().firstValue("Retry-After").isPresent();
    }

    @Test
    @Order(3)
    void aFrozenThenKilledDatabaseShardNeitherStopsGrabsThroughTheBalancerNorTakesAnInstanceOut() throws Exception {
        FaultReport report = new FaultReport("ClusterIT database shard");
        int frozen = Math.floorMod(ClusterRig.SENDER, ClusterRig.DATABASES);
        List<String> onFrozenShard = rig.sendPackets(ClusterRig.SENDER, 20, 500, 10, 86400);
        List<String> packets = new ArrayList<>(onFrozenShard);
        packets.addAll(rig.sendPackets(ClusterRig.SENDER + 1, 20, 500, 10, 86400));
        long checksFailedBefore =
                rig.balancer().failedChecks(0) + rig.balancer().failedChecks(1);
        RunningStorm storm = rig.stormThroughBalancer(packets, 6_000_000_000L, 4000, 16, 5);
        storm.awaitMoreAnswers(500, Duration.ofMinutes(1));
        PageLoads pages = PageLoads.start(rig.balancer().baseUrl(), 4);

        KillableServer shard = rig.databaseServer(frozen).mariaDb();
        shard.stall();
        long stalled = System.nanoTime();
        Map<String, Integer> balancerSaw = new TreeMap<>();
        try {
            watchBalancer(FREEZE, balancerSaw);
        } finally {
            shard.resume();
        }
        long resumed = System.nanoTime();
        // Then the same shard killed (-9) and restarted after a while: away rather than silent.
        storm.awaitMoreAnswers(300, Duration.ofMinutes(1));
        shard.kill();
        long killed = System.nanoTime();
        Duration restart;
        try {
            watchBalancer(KILLED_FOR, balancerSaw);
        } finally {
            restart = shard.restart();
        }
        long back = System.nanoTime();
        Map<Integer, Long> pageAnswers = pages.stop();
        storm.awaitMoreAnswers(500, Duration.ofMinutes(1));
        List<Attempt> answers = storm.stop();
        long checksFailed = rig.balancer().failedChecks(0) + rig.balancer().failedChecks(1) - checksFailedBefore;
        Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(90));
        Verdict verdict = rig.judge(0).judge(answers, packets);
        List<Attempt> duringFreeze = sentBetween(answers, stalled, resumed);
        List<Attempt> frozenShardsPackets = duringFreeze.stream()
                .filter(a -> onFrozenShard.contains(a.packetId()))
                .toList();
        List<Attempt> whileKilled = sentBetween(answers, killed, back);
        report.line(
                        "%d grabs through HAProxy by 16 clients as 4000 users over 40 packets, 20 on each database"
                                + " shard; shard %d frozen (SIGSTOP) %d ms",
                        answers.size(), frozen, millis(resumed - stalled))
                .line(
                        "during the freeze: %s (on the frozen shard's packets: %s)",
                        counts(duringFreeze), counts(frozenShardsPackets))
                .line(
                        "then killed (-9), away %d ms (restart and crash recovery %d ms): %s",
                        millis(back - killed), restart.toMillis(), counts(whileKilled))
                .line(
                        "HAProxy's view of the two instances through both, sampled every 250 ms: %s; checks failed %d; page loads"
                                + " through it meanwhile %s",
                        balancerSaw, checksFailed, pageAnswers)
                .line("all recorded %d ms after the storm; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        assertThat(frozenShardsPackets)
                .as("grabs of the frozen shard's packets sent while it was frozen")
                .hasSizeGreaterThan(20);
        // Grabs are decided by Redis alone: a frozen shard stops none. A retry-safe 503 UNAVAILABLE is a replica's
        // late WAIT on a loaded machine (ADR 0073), nothing of the database's; every packet goes on being served.
        assertThat(counts(notDecidedNorUnavailable(duringFreeze))).isEqualTo("none");
        assertThat(duringFreeze.stream().filter(a -> a.status() == 200).count())
                .as("grabs granted during the freeze")
                .isGreaterThan(duringFreeze.size() * 9L / 10);
        Set<String> servedDuringFreeze = duringFreeze.stream()
                .filter(a -> a.status() == 200)
                .map(Attempt::packetId)
                .collect(Collectors.toSet());
        assertThat(servedDuringFreeze).as("packets granted during the freeze").containsAll(packets);
        assertThat(counts(notDecidedNorUnavailable(whileKilled))).isEqualTo("none");
        assertThat(whileKilled.stream().filter(a -> a.status() == 200).count())
                .as("grabs granted while the shard was killed")
                .isGreaterThan(whileKilled.size() * 9L / 10);
        assertThat(balancerSaw).as("both instances stay in the balancer").containsOnlyKeys("UP/UP");
        assertThat(checksFailed)
                .as("readiness checks failed during the freeze and the page loads")
                .isZero();
        assertThat(pageAnswers).as("page loads were sent").isNotEmpty();
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(4)
    void aCampaignRoundLosesNoShareAndGrantsNobodyTwiceThroughAnInstanceKilledMidRoundAndRestarted() throws Exception {
        FaultReport report = new FaultReport("ClusterIT campaign instance kill");
        String campaign = CampaignRounds.open(rig);
        List<String> pools = rig.campaignJudge(0).pools(campaign);
        ServiceProcess victim = rig.instance(1);
        // Half the people's first taps go to the victim straight, so it is busy with the round when it dies; their
        // retries, and everyone else's taps, go through HAProxy, as an app would come back through the address that
        // still answers.
        long start = System.nanoTime();
        CampaignCrowd crowd = rig.crowd(
                campaign,
                List.of(rig.balancer().baseUrl(), victim.baseUrl()),
                8_000_000_000L,
                CampaignRounds.PEOPLE,
                CampaignRounds.CLIENTS,
                9);
        crowd.awaitMoreAnswers(CampaignRounds.ANSWERS_BEFORE_THE_FAULT, Duration.ofMinutes(1));
        int answeredBefore = crowd.answered();
        PrivateServers campaignShard = rig.databaseServer(Math.floorMod(CampaignRounds.SPONSOR, ClusterRig.DATABASES));

        // The campaign's database frozen a moment, as the packets' instance kill does: the persisters go on reading
        // entries but cannot write them, so the victim surely dies holding some, as a crash mid-write would leave them.
        campaignShard.mariaDb().stall();
        long held = 0;
        long frozen = System.nanoTime();
        long killed;
        try {
            while (held == 0
                    && System.nanoTime() - frozen < Duration.ofSeconds(15).toNanos()) {
                crowd.awaitMoreAnswers(50, Duration.ofMinutes(1));
                held = rig.pendingOf(victim);
            }
            killed = System.nanoTime();
            victim.killHard();
        } finally {
            campaignShard.mariaDb().resume();
        }
        long thawed = System.nanoTime();
        CompletableFuture<ServiceProcess> restarted = CompletableFuture.supplyAsync(() -> {
            try {
                return rig.restart(1);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
        });
        List<Attempt> answers = crowd.finish(Duration.ofMinutes(3));
        long roundNanos = System.nanoTime() - start;

        // Judged by the survivor while the victim starts again (the restart is for the cases after this one).
        awaitNothingPending(victim, Duration.ofSeconds(60));
        CampaignJudge judge = rig.campaignJudge(0);
        Duration drained = judge.awaitRecorded(campaign, answers, Duration.ofSeconds(60));
        CampaignJudge.Verdict verdict = judge.judge(campaign, answers, crowd.gaveUp());
        ServiceProcess again = restarted.join();
        rig.balancer().awaitStatus(1, "UP", Duration.ofSeconds(60));
        long backInBalancer = System.nanoTime() - killed;
        List<Attempt> inFlightAtTheKill = sentBetween(answers, Long.MIN_VALUE, killed).stream()
                .filter(a -> a.answeredAtNanos() >= killed)
                .toList();
        report.line(
                        "campaign of %d shares (%d cents) over %d pools on %s; %d people in %d ms, half the first taps"
                                + " straight to the second instance, the rest and every retry through HAProxy",
                        CampaignRounds.SHARES,
                        CampaignRounds.TOTAL,
                        pools.size(),
                        packetsPerPrimary(rig.primaryOf(pools)),
                        CampaignRounds.PEOPLE,
                        roundNanos / 1_000_000)
                .line(
                        "second instance killed (-9) after %d answers, holding %d entries (the campaign's database"
                                + " frozen %d ms so it held some); in flight at the kill: %s",
                        answeredBefore, held, millis(thawed - frozen), counts(inFlightAtTheKill))
                .line(
                        "restarted on its port: UP in %d ms, back in HAProxy %d ms after the kill",
                        again.startedIn().toMillis(), backInBalancer / 1_000_000)
                .line("answers before the kill: %s", counts(sentBetween(answers, Long.MIN_VALUE, killed)))
                .line("answers after the kill: %s", counts(sentBetween(answers, killed, Long.MAX_VALUE)))
                .line("all recorded %d ms after the round; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        assertThat(held)
                .as("entries the killed instance's persister held (else this test proves nothing)")
                .isPositive();
        assertThat(counts(CampaignRounds.neitherDecidedNorRetrySafe(answers))).isEqualTo("none");
        assertThat(answers)
                .as("the round sold out")
                .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("SOLD_OUT"));
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(5)
    void theEntriesAnInstanceKilledMidStormHeldAreReclaimedByTheOther() throws Exception {
        FaultReport report = new FaultReport("ClusterIT instance kill");
        List<String> packets = rig.sendPackets(60, 200, 50, 86400);
        ServiceProcess survivor = rig.instance(0);
        ServiceProcess victim = rig.instance(1);
        RunningStorm onSurvivor = rig.storm(0, packets, 3_000_000_000L, 3000, 12, 3);
        RunningStorm onVictim = rig.storm(1, packets, 3_000_000_000L, 3000, 12, 4);
        RunningStorm throughBalancer = rig.stormThroughBalancer(packets, 3_000_000_000L, 3000, 8, 6);
        onSurvivor.awaitMoreAnswers(500, Duration.ofMinutes(1));
        onVictim.awaitMoreAnswers(500, Duration.ofMinutes(1));
        PrivateServers packetsShard = rig.databaseServer(Math.floorMod(ClusterRig.SENDER, ClusterRig.DATABASES));

        // The database frozen first: the persisters keep reading entries (grabs need only Redis) but cannot write
        // them, so the victim surely holds some between its read and its acknowledgement, as a crash mid-write would
        // leave them (its workers drain a shard within milliseconds, so a stop alone usually finds nothing held).
        // Then the victim stopped, so it acknowledges nothing more, and killed; then the database thawed.
        packetsShard.mariaDb().stall();
        long held = 0;
        long stopped;
        Duration takenOut;
        try {
            long stalled = System.nanoTime();
            while (held == 0
                    && System.nanoTime() - stalled < Duration.ofSeconds(15).toNanos()) {
                onSurvivor.awaitMoreAnswers(100, Duration.ofMinutes(1));
                onVictim.awaitMoreAnswers(100, Duration.ofMinutes(1));
                held = rig.pendingOf(victim);
            }
            rig.stall(victim);
            stopped = System.nanoTime();
            held = rig.pendingOf(victim);
            victim.killHard();
            rig.balancer().awaitStatus(1, "DOWN", Duration.ofSeconds(30));
            takenOut = Duration.ofNanos(System.nanoTime() - stopped);
        } finally {
            packetsShard.mariaDb().resume();
        }
        long killed = System.nanoTime();
        List<Attempt> answers = new ArrayList<>(onVictim.stop());
        long victimAnswered = answers.stream().filter(a -> a.status() != 0).count();
        onSurvivor.awaitMoreAnswers(500, Duration.ofMinutes(1));

        awaitNothingPending(victim, Duration.ofSeconds(60));
        long reclaimed = System.nanoTime() - killed;
        List<Attempt> survivorAnswers = onSurvivor.stop();
        List<Attempt> balancerAnswers = throughBalancer.stop();
        List<Attempt> balancerAfterTakenOut =
                sentBetween(balancerAnswers, stopped + takenOut.toNanos(), Long.MAX_VALUE);
        answers.addAll(survivorAnswers);
        answers.addAll(balancerAnswers);
        Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(60));
        Verdict verdict = rig.judge(0).judge(answers, packets);
        report.line(
                        "%d grabs over 2 instances; the second stopped (SIGSTOP) then killed (SIGKILL) after %d answers"
                                + " of its own",
                        answers.size(), victimAnswered)
                .line("entries pending under the killed instance's name at the kill: %d", held)
                .line(
                        "HAProxy took the stopped instance out %d ms after it stopped answering (%d ms by its"
                                + " configuration); through HAProxy: %s, of them sent after that: %s",
                        takenOut.toMillis(),
                        Balancer.TAKES_A_DEAD_INSTANCE_OUT_WITHIN.toMillis(),
                        counts(balancerAnswers),
                        counts(balancerAfterTakenOut))
                .line(
                        "reclaimed by the survivor %d ms after the kill (claim-idle 2 s, reclaim every 1 s); all"
                                + " recorded %d ms after the storm",
                        reclaimed / 1_000_000, drained.toMillis())
                .line("answers of the survivor: %s", counts(survivorAnswers))
                .line("judge: %s", verdict.summary())
                .print();

        assertThat(held)
                .as("entries the killed instance's persister held (else this test proves nothing)")
                .isPositive();
        assertThat(rig.pendingOf(victim)).isZero();
        assertThat(takenOut).as("the balancer stops sending to a dead instance").isLessThan(TAKEN_OUT_WITHIN);
        assertThat(counts(notDecidedNorUnavailable(balancerAfterTakenOut))).isEqualTo("none");
        assertThat(counts(notDecidedNorUnavailable(survivorAnswers))).isEqualTo("none");
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(6)
    void grabsOnAFailedPrimarysPacketsAre503UntilItsReplicaTookOverAndNoAnsweredGrabIsLostOrGrantedTwice()
            throws Exception {
        FaultReport report = new FaultReport("ClusterIT primary failover");
        List<String> expiring = rig.sendPackets(15, 1000, 10, EXPIRES_IN_SECONDS);
        long expiresAt =
                System.nanoTime() + Duration.ofSeconds(EXPIRES_IN_SECONDS).toNanos();
        List<String> packets = new ArrayList<>(rig.sendPackets(45, 1000, 10, 86400));
        packets.addAll(expiring);
        Map<String, Node> primaryOf = rig.primaryOf(packets);
        // The primary with the most packets among those that hold an expiring one: its refunds cross the failover.
        Node victim = rig.cluster().primaryNodes().stream()
                .filter(p -> expiring.stream().anyMatch(e -> p.equals(primaryOf.get(e))))
                .max(Comparator.comparingLong(
                        p -> primaryOf.values().stream().filter(p::equals).count()))
                .orElseThrow();
        Predicate<Attempt> onVictim = a -> victim.equals(primaryOf.get(a.packetId()));

        RunningStorm storm = rig.stormThroughBalancer(packets, 2_000_000_000L, 4000, 24, 7);
        storm.awaitMoreAnswers(400, Duration.ofMinutes(1));
        rig.cluster().kill(victim);
        long killed = System.nanoTime();
        Failover failover = rig.cluster().awaitFailover(victim, Duration.ofSeconds(30));
        long servedAgain = FailoverChecks.awaitDecidedOn(storm, onVictim, killed, WINDOW_LIMIT);
        storm.awaitMoreAnswers(400, Duration.ofMinutes(1));
        List<Attempt> answers = storm.stop();

        List<Attempt> failedShardInWindow = sentBetween(answers, killed, servedAgain).stream()
                .filter(onVictim)
                .toList();
        List<Attempt> othersInWindow = sentBetween(answers, killed, servedAgain).stream()
                .filter(onVictim.negate())
                .toList();
        long unavailable =
                failedShardInWindow.stream().filter(a -> a.status() == 503).count();
        Thread.sleep(Math.max(0, Duration.ofNanos(expiresAt - System.nanoTime()).toMillis()));
        Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(60));
        Duration refundsIn = FailoverChecks.awaitRefunded(rig, expiring, Duration.ofSeconds(60));
        List<String> refundedOtherThanOnce = FailoverChecks.refundedOtherThanOnce(rig, expiring);
        Verdict verdict = rig.judge(0).judge(answers, packets);
        long expiringOnVictim =
                expiring.stream().filter(e -> victim.equals(primaryOf.get(e))).count();
        report.line(
                        "%d grabs by 24 clients as 4000 users over %d packets (%d on the killed primary %s, %d of"
                                + " them expiring)",
                        answers.size(),
                        packets.size(),
                        primaryOf.values().stream().filter(victim::equals).count(),
                        victim,
                        expiringOnVictim)
                .line("answered grabs per primary: %s", ClusterRig.perPrimary(primaryOf, answers))
                .line(
                        "answered before the kill: %s; in flight at the kill: %s",
                        counts(answers.stream()
                                .filter(a -> a.answeredAtNanos() < killed)
                                .toList()),
                        counts(sentBetween(answers, Long.MIN_VALUE, killed).stream()
                                .filter(a -> a.answeredAtNanos() >= killed)
                                .toList()))
                .line(
                        "replica %s primary %d ms after the kill; failed shard served again (first grab decided)"
                                + " %d ms after the kill",
                        failover.promoted(), failover.afterKill().toMillis(), millis(servedAgain - killed))
                .line(
                        "window on the failed shard: %s (503: %d); on the other shards: %s",
                        counts(failedShardInWindow), unavailable, counts(othersInWindow))
                .line("after the window: %s", counts(sentBetween(answers, servedAgain, Long.MAX_VALUE)))
                .line(
                        "all recorded %d ms after the storm; %d expiring packets refunded %d ms after that, refunded"
                                + " other than once: %s",
                        drained.toMillis(), expiring.size(), refundsIn.toMillis(), refundedOtherThanOnce)
                .line(
                        "lost %d, double-granted %d (shares twice %d); judge: %s",
                        verdict.lost(), verdict.duplicated(), verdict.sharesTwice(), verdict.summary())
                .print();

        assertThat(counts(answers.stream()
                        .filter(a -> !(a.status() == 200 && DECIDED_OR_EXPIRED.contains(a.outcome()))
                                && !"503 UNAVAILABLE".equals(a.kind()))
                        .toList()))
                .as("answers neither decided nor 503 UNAVAILABLE")
                .isEqualTo("none");
        assertThat(failedShardInWindow)
                .as("grabs on the failed primary's packets while it was away")
                .anySatisfy(a -> assertThat(a.status()).isEqualTo(503));
        assertThat(othersInWindow)
                .as("grabs on the other primaries' packets while the failed one was away")
                .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("GRABBED"));
        assertThat(sentBetween(answers, servedAgain, Long.MAX_VALUE).stream()
                        .filter(onVictim)
                        .toList())
                .as("grabs on the failed primary's packets after the window")
                .allSatisfy(a -> assertThat(a.status()).isEqualTo(200));
        assertThat(refundedOtherThanOnce).isEmpty();
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(7)
    void aFrozenPrimaryIsReplacedByItsReplicaAndCostsOnlyItsOwnPacketsARetrySafeWindow() throws Exception {
        FaultReport report = new FaultReport("ClusterIT frozen primary");
        List<String> packets = rig.sendPackets(45, 1000, 10, 86400);
        Map<String, Node> primaryOf = rig.primaryOf(packets);
        // A primary that still has a replica (the failover case left one without) and holds packets.
        Node victim = rig.cluster().primaryNodes().stream()
                .filter(p -> !rig.cluster().replicasOf(p).isEmpty())
                .max(Comparator.comparingLong(
                        p -> primaryOf.values().stream().filter(p::equals).count()))
                .orElseThrow();
        Predicate<Attempt> onVictim = a -> victim.equals(primaryOf.get(a.packetId()));

        RunningStorm storm = rig.stormThroughBalancer(packets, 7_000_000_000L, 4000, 24, 8);
        storm.awaitMoreAnswers(400, Duration.ofMinutes(1));
        rig.cluster().stall(victim);
        long stalled = System.nanoTime();
        Failover failover;
        long servedAgain;
        try {
            failover = rig.cluster().awaitFailover(victim, Duration.ofSeconds(30));
            servedAgain = FailoverChecks.awaitDecidedOn(storm, onVictim, stalled, WINDOW_LIMIT);
        } finally {
            rig.cluster().resume(victim);
        }
        long resumed = System.nanoTime();
        storm.awaitMoreAnswers(400, Duration.ofMinutes(1));
        List<Attempt> answers = storm.stop();
        List<Attempt> victimsInWindow = sentBetween(answers, stalled, servedAgain).stream()
                .filter(onVictim)
                .toList();
        List<Attempt> othersInWindow = sentBetween(answers, stalled, servedAgain).stream()
                .filter(onVictim.negate())
                .toList();
        Duration drained = rig.judge(0).awaitRecorded(answers, Duration.ofSeconds(60));
        Verdict verdict = rig.judge(0).judge(answers, packets);
        report.line(
                        "%d grabs through HAProxy by 24 clients as 4000 users over %d packets (%d on the frozen"
                                + " primary %s)",
                        answers.size(),
                        packets.size(),
                        primaryOf.values().stream().filter(victim::equals).count(),
                        victim)
                .line(
                        "replica %s primary %d ms after the freeze (SIGSTOP at %d ms, resumed at %d ms); the frozen"
                                + " primary's packets served again %d ms after it",
                        failover.promoted(),
                        failover.afterKill().toMillis(),
                        stalled / 1_000_000,
                        resumed / 1_000_000,
                        millis(servedAgain - stalled))
                .line(
                        "window on the frozen primary's packets: %s; on the others: %s",
                        counts(victimsInWindow), counts(othersInWindow))
                .line("after the window: %s", counts(sentBetween(answers, servedAgain, Long.MAX_VALUE)))
                .line("all recorded %d ms after the storm; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        assertThat(counts(notDecidedNorUnavailable(answers))).isEqualTo("none");
        assertThat(othersInWindow)
                .as("grabs on the other primaries' packets while the frozen one was replaced")
                .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("GRABBED"));
        assertThat(othersInWindow.stream().filter(a -> a.status() == 200).count())
                .as("grabs on the other primaries' packets answered 200 in the window")
                .isGreaterThan(othersInWindow.size() * 9L / 10);
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    @Test
    @Order(8)
    void aCampaignRoundLosesNoShareAndGrantsNobodyTwiceThroughAPrimaryKilledMidRoundAndItsFailover() throws Exception {
        FaultReport report = new FaultReport("ClusterIT campaign primary failover");
        String campaign = CampaignRounds.open(rig);
        List<String> pools = rig.campaignJudge(0).pools(campaign);
        Map<String, Node> primaryOf = rig.primaryOf(pools);
        // A primary that still has a replica (the failovers before left one without) and holds pools.
        Node victim = rig.cluster().primaryNodes().stream()
                .filter(p -> !rig.cluster().replicasOf(p).isEmpty())
                .max(Comparator.comparingLong(
                        p -> primaryOf.values().stream().filter(p::equals).count()))
                .orElseThrow();
        Predicate<Attempt> homeOnVictim = CampaignRounds.homeOn(victim, campaign, pools, primaryOf);

        long start = System.nanoTime();
        CampaignCrowd crowd = rig.crowd(
                campaign,
                List.of(rig.balancer().baseUrl()),
                9_000_000_000L,
                CampaignRounds.PEOPLE,
                CampaignRounds.CLIENTS,
                10);
        crowd.awaitMoreAnswers(CampaignRounds.ANSWERS_BEFORE_THE_FAULT, Duration.ofMinutes(1));
        rig.cluster().kill(victim);
        long killed = System.nanoTime();
        Failover failover = rig.cluster().awaitFailover(victim, Duration.ofSeconds(30));
        long promoted = killed + failover.afterKill().toNanos();
        List<Attempt> answers = crowd.finish(Duration.ofMinutes(3));
        long roundNanos = System.nanoTime() - start;

        CampaignJudge judge = rig.campaignJudge(0);
        Duration drained = judge.awaitRecorded(campaign, answers, Duration.ofSeconds(60));
        CampaignJudge.Verdict verdict = judge.judge(campaign, answers, crowd.gaveUp());
        List<Attempt> window = sentBetween(answers, killed, promoted);
        List<Attempt> victimsInWindow = window.stream().filter(homeOnVictim).toList();
        List<Attempt> othersInWindow =
                window.stream().filter(homeOnVictim.negate()).toList();
        report.line(
                        "campaign of %d shares (%d cents) over %d pools (%d on the killed primary %s); %d people"
                                + " through HAProxy in %d ms, retrying what may have happened",
                        CampaignRounds.SHARES,
                        CampaignRounds.TOTAL,
                        pools.size(),
                        primaryOf.values().stream().filter(victim::equals).count(),
                        victim,
                        CampaignRounds.PEOPLE,
                        roundNanos / 1_000_000)
                .line(
                        "replica %s primary %d ms after the kill; answers before the kill: %s",
                        failover.promoted(),
                        failover.afterKill().toMillis(),
                        counts(sentBetween(answers, Long.MIN_VALUE, killed)))
                .line(
                        "window: people whose home pool was on the killed primary %s; the others %s",
                        counts(victimsInWindow), counts(othersInWindow))
                .line("after the window: %s", counts(sentBetween(answers, promoted, Long.MAX_VALUE)))
                .line("all recorded %d ms after the round; judge: %s", drained.toMillis(), verdict.summary())
                .print();

        assertThat(counts(CampaignRounds.neitherDecidedNorRetrySafe(answers))).isEqualTo("none");
        assertThat(victimsInWindow)
                .as("taps of people whose home pool was on the killed primary while it was away")
                .anySatisfy(a -> assertThat(a.status()).isEqualTo(503));
        assertThat(othersInWindow)
                .as("taps of the other people while the killed primary was away")
                .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("GRABBED"));
        assertThat(answers)
                .as("the round sold out")
                .anySatisfy(a -> assertThat(a.outcome()).isEqualTo("SOLD_OUT"));
        assertThat(verdict.held()).as(verdict.summary()).isTrue();
    }

    /** Samples HAProxy's view of the two instances every 250 ms for {@code duration}, counting each "a/b" seen. */
    private void watchBalancer(Duration duration, Map<String, Integer> seen) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < duration.toNanos()) {
            seen.merge(rig.balancer().status(0) + "/" + rig.balancer().status(1), 1, Integer::sum);
            Thread.sleep(250);
        }
    }

    /** Waits until nothing is pending under {@code dead}'s name. */
    private void awaitNothingPending(ServiceProcess dead, Duration limit) throws InterruptedException {
        long start = System.nanoTime();
        while (rig.pendingOf(dead) > 0) {
            if (System.nanoTime() - start > limit.toNanos()) {
                throw new IllegalStateException(
                        rig.pendingOf(dead) + " entries still pending under the killed instance's name after " + limit);
            }
            Thread.sleep(100);
        }
    }

    private static List<Attempt> notDecidedNorUnavailable(List<Attempt> answers) {
        return answers.stream()
                .filter(a ->
                        !(a.status() == 200 && DECIDED.contains(a.outcome())) && !"503 UNAVAILABLE".equals(a.kind()))
                .toList();
    }

    private static String packetsPerPrimary(Map<String, Node> primaryOf) {
        Map<Node, Integer> count = new HashMap<>();
        primaryOf.values().forEach(n -> count.merge(n, 1, Integer::sum));
        return count.toString();
    }

    private static String id(String body) {
        Matcher id = ID.matcher(body);
        if (!id.find()) {
            throw new IllegalStateException("no id in " + body);
        }
        return id.group(1);
    }
}
