package io.hongbao.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.account.model.UserId;
import io.hongbao.campaign.application.GrabbingCampaignShare;
import io.hongbao.campaign.application.OpeningCampaign;
import io.hongbao.campaign.model.CampaignGrab;
import io.hongbao.campaign.model.CampaignPools;
import io.hongbao.campaign.model.OpenCampaignCommand;
import io.hongbao.campaign.model.OpenOutcome;
import io.hongbao.campaign.model.ShareRule;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketId;
import io.hongbao.support.Api;
import io.hongbao.support.ApiContract;
import io.hongbao.support.FaultReport;
import io.hongbao.support.LocalRedisCluster;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.RedPacketApi.GrabJson;
import io.hongbao.support.RedPacketApi.PacketJson;
import io.lettuce.core.cluster.SlotHash;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The service on a small Redis Cluster it did not start (3 primaries, no replicas, started by the test from the
 * PATH's {@code redis-server}), with its own embedded MariaDB: the same grab, persist, sweep, lottery and audit code as
 * standalone, through the shared port (ADR 0070). The failover and many-instance cases are ClusterIT's.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient(timeout = "30s")
@DirtiesContext
@EnabledIf(
        value = "io.hongbao.support.LocalRedisCluster#available",
        disabledReason = "redis-server and redis-cli are not on the PATH: the Redis Cluster tests need them")
class ClusterModeIT {

    private static final AtomicLong NEXT_USER =
            new AtomicLong(1_000_000_000L + ThreadLocalRandom.current().nextLong(1_000_000_000_000L));
    private static final int PACKETS = 24;
    private static final int SHARES = 5;
    private static final int GRABBERS = 8;
    private static final int PACKETS_PER_SENDER = 6;

    private static LocalRedisCluster cluster;

    @Autowired
    TokenIssuer tokens;

    @Autowired
    PacketKeys keys;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    RedisNodes nodes;

    @Autowired
    ConfigurableApplicationContext context;

    WebTestClient http;

    @Autowired
    void http(WebTestClient client) {
        this.http = client.mutate()
                .filter(ApiContract.ofTheService(client).filter())
                .build();
    }

    @DynamicPropertySource
    static void storage(DynamicPropertyRegistry registry) throws Exception {
        Path folder = Files.createDirectories(Path.of("target", "it-data", "cluster-mode-" + UUID.randomUUID()));
        cluster = LocalRedisCluster.start(folder.resolve("redis"), 3, 0);
        registry.add("hongbao.data-dir", () -> folder.toString());
        registry.add("hongbao.redis.url", () -> "");
        registry.add("hongbao.redis.cluster", cluster::seeds);
        // The database embedded in both CI passes: this test leaves :3306 alone as it leaves :6379.
        registry.add("hongbao.db.url", () -> "");
    }

    /**
     * The cluster stops with the context, after the Redis client ({@code redisConnections} depends on it): the
     * service's connections and persister threads never meet a dead cluster while shutting down.
     */
    @TestConfiguration
    static class StopsTheClusterAfterTheService {

        @Bean(destroyMethod = "close")
        LocalRedisCluster localRedisCluster() {
            return cluster;
        }

        @Bean
        static BeanFactoryPostProcessor redisClientAfterTheCluster() {
            return factory -> factory.getBeanDefinition("redisConnections").setDependsOn("localRedisCluster");
        }
    }

    @Test
    void grabsOnEveryPrimaryArePersistedOnceExpiryRefundsADrawIsDecidedAndTheAuditIsOk() {
        assertThat(nodes.cluster()).isTrue();
        assertThat(nodes.primaries()).hasSize(3);
        Api api = new Api(http, this::tokenFor, tokens.issue(1, true, Duration.ofHours(1)));
        RedPacketApi packets = new RedPacketApi(http, this::tokenFor);
        List<Long> senders = new ArrayList<>();
        for (int s = 0; s < PACKETS / PACKETS_PER_SENDER + 1; s++) {
            senders.add(newUser());
            api.deposit(senders.get(s), 100_000).expectStatus().isOk();
        }
        long sender = senders.get(senders.size() - 1);

        List<PacketJson> sent = new ArrayList<>();
        Set<Integer> shards = new HashSet<>();
        Set<String> owners = new HashSet<>();
        for (int i = 0; i < PACKETS; i++) {
            // Several senders: one sender's sends are rate limited (burst 10), on the cluster as standalone.
            PacketJson packet =
                    packets.sendOk(senders.get(i / PACKETS_PER_SENDER), 1_000, SHARES, "RANDOM", null, null);
            sent.add(packet);
            PacketId id = new PacketId(packet.id());
            shards.add(keys.shardOf(id));
            owners.add(ownerOf(keys.packet(id)));
        }
        assertThat(owners)
                .as("primaries holding the packets of shards %s", shards)
                .hasSize(3);

        Map<String, Long> granted = new HashMap<>();
        for (int g = 0; g < GRABBERS; g++) {
            long user = newUser();
            GrabJson first = null;
            String firstPacket = null;
            for (PacketJson packet : sent) {
                GrabJson grab = packets.grabOk(user, packet.id());
                if ("GRABBED".equals(grab.outcome())) {
                    granted.merge(packet.id(), grab.amount(), Long::sum);
                    if (first == null) {
                        first = grab;
                        firstPacket = packet.id();
                    }
                }
            }
            if (first != null) {
                GrabJson again = packets.grabOk(user, firstPacket);
                assertThat(again.outcome()).isEqualTo("ALREADY_GRABBED");
                assertThat(again.amount()).isEqualTo(first.amount());
            }
        }
        assertThat(granted).hasSize(PACKETS);
        granted.values().forEach(sum -> assertThat(sum).isEqualTo(1_000));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                                .param("ids", sent.stream().map(PacketJson::id).toList())
                                .query(Long.class)
                                .single()
                        == (long) PACKETS * SHARES);

        // Expiry: a packet on the cluster closes at its time and refunds what was left, once.
        PacketJson expiring = packets.sendOk(sender, 900, 3, "RANDOM", 1L, null);
        GrabJson early = packets.grabOk(newUser(), expiring.id());
        long remainder = 900 - early.amount();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> packets.packetOk(sender, expiring.id()).refundedAmount() == remainder);

        // A lottery draw on the cluster.
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        LotteryApi lottery = new LotteryApi(api, http);
        LotteryApi.WheelJson wheel = lottery.createdWheel(LotteryApi.wheelBody(
                now.minus(Duration.ofHours(2)), now.minus(Duration.ofSeconds(1)), Map.of("Phone", 1, "Coupon", 2)));
        long player = newUser();
        api.grantPoints(player, 100).expectStatus().isOk();
        LotteryApi.DrawJson draw = lottery.drawn(player, wheel.id());
        assertThat(draw.drawId()).isNotNull();
        assertThat(draw.pointsLeft()).isLessThan(100);

        // The full audit reads every grant of the shared context (the campaign's 100,000 among them): on CI's two
        // cores, beside the other test forks, one audit took longer than 30 s.
        await().atMost(Duration.ofSeconds(90))
                .untilAsserted(() -> assertThat(api.audit().get("ok"))
                        .as("audit on the cluster: %s", api.audit())
                        .isEqualTo(true));
    }

    /**
     * Issue-sized, at the engine (the use cases the HTTP routes call, no HTTP): a campaign of 100,000 shares over the
     * default 48 pools, grabbed by 150,000 distinct people at once, one in ten of them tapping twice.
     * Nobody gets two shares, no share goes twice, the shares add up to the total, the database records each grant
     * once, the grabs spread evenly over the three primaries, and the audit is ok.
     */
    @Test
    void aCampaignOfAHundredThousandSharesGrabbedByOneHundredFiftyThousandPeopleOnThreePrimaries() throws Exception {
        Api api = new Api(http, this::tokenFor, tokens.issue(1, true, Duration.ofHours(1)));
        long sponsor = newUser();
        long total = 5_000_000;
        int shares = 100_000;
        api.deposit(sponsor, total).expectStatus().isOk();
        OpeningCampaign opening = context.getBean(OpeningCampaign.class);
        GrabbingCampaignShare grabbing = context.getBean(GrabbingCampaignShare.class);
        OpenOutcome outcome = opening.open(OpenCampaignCommand.oneRound(
                        UserId.of(sponsor),
                        "rain",
                        total,
                        shares,
                        new ShareRule.RandomBetween(1, 99),
                        OpenCampaignCommand.DEFAULT_POOLS,
                        Instant.now(),
                        Duration.ofMinutes(10)))
                .toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        CampaignPools pools = ((OpenOutcome.Opened) outcome).rounds().get(0);
        List<String> poolOwner = new ArrayList<>();
        for (PacketId pool : pools.pools()) {
            poolOwner.add(ownerOf(keys.packet(pool)));
        }

        int people = 150_000;
        List<Long> taps = new ArrayList<>();
        for (int i = 0; i < people; i++) {
            long person = newUser();
            taps.add(person);
            if (i % 10 == 0) {
                taps.add(person);
            }
        }
        Collections.shuffle(taps, new Random(3));
        Map<Long, List<CampaignGrab>> answers = new ConcurrentHashMap<>();
        Map<String, Integer> homeGrabsPerPrimary = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(512);
        long started = System.nanoTime();
        for (long person : taps) {
            inFlight.acquire();
            UserId user = UserId.of(person);
            homeGrabsPerPrimary.merge(poolOwner.get(pools.home(user)), 1, Integer::sum);
            grabbing.grab(pools.campaign(), user).whenComplete((grab, failure) -> {
                answers.computeIfAbsent(person, p -> Collections.synchronizedList(new ArrayList<>()))
                        .add(failure == null ? grab : new CampaignGrab.TryAgain(failure.toString()));
                inFlight.release();
            });
        }
        inFlight.acquire(512);
        long stormMillis = (System.nanoTime() - started) / 1_000_000;

        Map<Long, Long> amounts = new HashMap<>();
        Map<String, Integer> outcomes = new TreeMap<>();
        answers.forEach((person, grabs) -> grabs.forEach(grab -> {
            outcomes.merge(grab.getClass().getSimpleName(), 1, Integer::sum);
            Long amount = grab instanceof CampaignGrab.Granted granted
                    ? Long.valueOf(granted.amount())
                    : grab instanceof CampaignGrab.AlreadyGranted earlier ? Long.valueOf(earlier.amount()) : null;
            if (amount != null) {
                Long before = amounts.putIfAbsent(person, amount);
                assertThat(before == null || before.equals(amount))
                        .as("person %d is answered one amount", person)
                        .isTrue();
            }
        }));
        double mean = taps.size() / 3.0;
        new FaultReport("ClusterModeIT campaign")
                .line(
                        "%d shares over %d pools, %d taps by %d people in %d ms (engine, 512 in flight): %s",
                        shares, pools.size(), taps.size(), people, stormMillis, outcomes)
                .line("home grabs per primary: %s (mean %.0f)", homeGrabsPerPrimary, mean)
                .print();
        assertThat(outcomes.keySet()).as("outcomes %s", outcomes).containsOnly("Granted", "AlreadyGranted", "SoldOut");
        assertThat(outcomes.get("Granted")).isEqualTo(shares);
        assertThat(amounts).hasSize(shares);
        assertThat(amounts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(total);
        assertThat(homeGrabsPerPrimary).hasSize(3);
        assertThat(homeGrabsPerPrimary.values())
                .as("grabs per primary within 10 %% of the mean")
                .allSatisfy(count -> assertThat((double) count).isBetween(mean * 0.9, mean * 1.1));

        List<String> poolIds = pools.pools().stream().map(PacketId::value).toList();
        await().atMost(Duration.ofSeconds(120))
                .until(() -> jdbc.sql("SELECT COUNT(*) FROM packet_grabs WHERE packet_id IN (:ids)")
                                .param("ids", poolIds)
                                .query(Long.class)
                                .single()
                        == (long) shares);
        Map<Long, Long> rows = new HashMap<>();
        jdbc.sql("SELECT user_id, amount FROM packet_grabs WHERE packet_id IN (:ids)")
                .param("ids", poolIds)
                .query(rs -> {
                    assertThat(rows.put(rs.getLong("user_id"), rs.getLong("amount")))
                            .as("a person recorded twice")
                            .isNull();
                });
        assertThat(rows).as("each grant recorded once, as answered").isEqualTo(amounts);
        // The full audit reads every grant of the shared context (the campaign's 100,000 among them): on CI's two
        // cores, beside the other test forks, one audit took longer than 30 s.
        await().atMost(Duration.ofSeconds(90))
                .untilAsserted(() -> assertThat(api.audit().get("ok"))
                        .as("audit on the cluster: %s", api.audit())
                        .isEqualTo(true));
    }

    private String ownerOf(String key) {
        int slot = SlotHash.getSlot(key);
        return context.getBean(RedisConnection.class).sync().clusterSlots().stream()
                .map(range -> (List<?>) range)
                .filter(range -> ((Long) range.get(0)) <= slot && slot <= ((Long) range.get(1)))
                .map(range -> ((List<?>) range.get(2)).get(1).toString())
                .findFirst()
                .orElseThrow();
    }

    private String tokenFor(long user) {
        return tokens.issue(user, false, Duration.ofHours(1));
    }

    private static long newUser() {
        return NEXT_USER.getAndIncrement();
    }
}
