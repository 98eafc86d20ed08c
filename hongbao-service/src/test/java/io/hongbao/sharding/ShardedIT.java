package io.hongbao.sharding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.support.Api;
import io.hongbao.support.GrabStorm;
import io.hongbao.support.GrabStorm.Attempt;
import io.hongbao.support.GrabStorm.Plan;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.PrivateServers;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.SecondInstance;
import io.hongbao.support.TestStorage;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The acceptance test of four database shards (ADR 0083, 0084): sends, grabs, refunds and draws from many users on
 * a service of its own (its own Redis and MariaDB, four databases on it), then every row where its owner's database
 * is, the rows spread evenly, every grant recorded once for its amount, every balance what its user was given, no
 * money in flight, and the audit ok.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag(TestStorage.OWN_SERVERS)
class ShardedIT extends IntegrationTest {

    private static final int SHARDS = 4;
    private static final int SENDERS = 40;
    private static final int SHARES = 20;
    private static final int GRABBERS = 400;
    private static final int DRAWERS = 40;
    private static final Pattern SERVER_IN_URL = Pattern.compile("^(jdbc:mariadb://[^/]+/)([^?]*)(.*)$");

    @Autowired
    JwtSecret secret;

    private PrivateServers servers;
    private SecondInstance sharded;
    private List<String> shardUrls;
    private DatabaseShards placement;
    private PacketShards packetPlacement;
    private WebTestClient shardedHttp;
    private Api shardedApi;

    @BeforeAll
    void startTheServiceOnFourShards() throws Exception {
        servers = PrivateServers.start(TestStorage.runDataDir().resolve("sharded-it"));
        Matcher url = SERVER_IN_URL.matcher(servers.jdbcUrl());
        assertThat(url.matches()).as(servers.jdbcUrl()).isTrue();
        shardUrls = IntStream.range(0, SHARDS)
                .mapToObj(shard -> url.group(1) + "hongbao_sharded_" + shard + "?createDatabaseIfNotExist=true")
                .toList();
        sharded = SecondInstance.start(
                secret,
                "sharded",
                "--hongbao.redis.url=" + servers.redisUrl(),
                "--hongbao.db.shards=" + String.join(",", shardUrls),
                "--hongbao.db.user=root",
                "--hongbao.db.password=",
                "--hongbao.redpacket.warm-up.enabled=false");
        placement = sharded.bean(DatabaseShards.class);
        packetPlacement = sharded.bean(PacketShards.class);
        shardedHttp = sharded.http();
        shardedApi = new Api(shardedHttp, this::tokenFor, adminToken());
    }

    @AfterAll
    void stop() {
        if (sharded != null) {
            sharded.close();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void sendsGrabsRefundsAndDrawsOfManyUsersSpreadOverFourShardsWithEveryInvariantKept() throws Exception {
        RedPacketApi packets = new RedPacketApi(shardedHttp, this::tokenFor);
        Map<Long, Long> expectedBalance = new HashMap<>();
        List<String> lasting = new ArrayList<>();
        List<String> expiring = new ArrayList<>();
        Map<String, Long> senderOf = new HashMap<>();
        for (int i = 0; i < SENDERS; i++) {
            long sender = newUser();
            shardedApi.deposit(sender, 5_000).expectStatus().isOk();
            // One packet in four expires while the storm grabs it: its rest is refunded to its sender. Senders take
            // consecutive ids, one shard after another, so these ten are spread over the four shards too.
            boolean expires = (i / 4) % 4 == i % 4;
            String id = packets.sendOk(sender, 2_000, SHARES, "RANDOM", expires ? 3L : 3600L, null)
                    .id();
            (expires ? expiring : lasting).add(id);
            senderOf.put(id, sender);
            expectedBalance.put(sender, 3_000L);
        }
        List<Long> grabbers =
                IntStream.range(0, GRABBERS).mapToObj(i -> newUser()).toList();
        List<String> all = new ArrayList<>(lasting);
        all.addAll(expiring);
        Random random = new Random(15);
        List<Plan> plans = new ArrayList<>();
        for (long grabber : grabbers) {
            List<String> mine = new ArrayList<>(all);
            Collections.shuffle(mine, random);
            mine.subList(0, 3).forEach(packet -> plans.add(new Plan(grabber, packet)));
        }
        Collections.shuffle(plans, random);

        List<Attempt> attempts = new GrabStorm("http://localhost:" + sharded.port(), this::tokenFor).run(plans, 32);
        List<Attempt> granted = attempts.stream().filter(Attempt::granted).toList();
        granted.forEach(a -> expectedBalance.merge(a.user(), a.amount(), Long::sum));
        String wheel = drawsOnAWheel();

        // The expiring packets' rests come back to their senders once the sweeper refunds them.
        Map<String, Long> grabbedOf = new HashMap<>();
        granted.forEach(a -> grabbedOf.merge(a.packetId(), a.amount(), Long::sum));
        for (String id : expiring) {
            expectedBalance.merge(senderOf.get(id), 2_000 - grabbedOf.getOrDefault(id, 0L), Long::sum);
        }
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> recorded() == granted.size()
                        && refunded() == expiring.size()
                        && sumOverShards(
                                        "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE account LIKE 'transit:%'")
                                == 0);

        assertThat(granted).as("a storm big enough to spread").hasSizeGreaterThan(500);
        assertEveryGrantIsRecordedOnceOnItsPacketsShard(granted);
        assertEveryBalanceIsWhatItsUserWasGiven(expectedBalance);
        assertThat(sumOverShards("SELECT COUNT(*) FROM ledger_entries WHERE account LIKE 'transit:user:%'"))
                .as("grabs paid across databases, through transit")
                .isGreaterThan(granted.size() / 2);
        List<Long> grabRows = assertRowsSpreadEvenly("SELECT COUNT(*) FROM packet_grabs", "grab rows");
        List<Long> legs = assertRowsSpreadEvenly("SELECT COUNT(*) FROM ledger_entries", "ledger legs");
        System.out.printf(
                "ShardedIT: %d grants of %d attempts, %d expiring packets refunded, %d draws; per shard: grab rows %s,"
                        + " ledger legs %s%n",
                granted.size(), attempts.size(), expiring.size(), DRAWERS * 3, grabRows, legs);
        Map<String, Object> audit = shardedApi.audit("full");
        assertThat(audit.get("ok")).as("the audit on four shards: %s", audit).isEqualTo(true);
        assertThat(wheel).isNotBlank();
    }

    /** Every drawer draws three times on one wheel; the audit's lottery checks then hold across the shards. */
    private String drawsOnAWheel() {
        LotteryApi lottery = new LotteryApi(shardedApi, shardedHttp);
        String wheel = lottery.createdWheel(LotteryApi.wheelBody(
                        Instant.now().minus(Duration.ofHours(2)),
                        Instant.now().minus(Duration.ofMinutes(1)).plus(Duration.ofDays(1)),
                        Map.of("Lamp", 5, "Phone", 2)))
                .id();
        List<Long> drawers =
                IntStream.range(0, DRAWERS).mapToObj(i -> newUser()).toList();
        for (long drawer : drawers) {
            shardedApi.grantPoints(drawer, 1_000).expectStatus().isOk();
        }
        for (int round = 0; round < 3; round++) {
            for (long drawer : drawers) {
                assertThat(lottery.drawn(drawer, wheel).drawId()).isNotBlank();
            }
        }
        return wheel;
    }

    private void assertEveryGrantIsRecordedOnceOnItsPacketsShard(List<Attempt> granted) throws SQLException {
        for (Attempt grant : granted) {
            int home = packetPlacement.databaseShardOf(grant.packetId());
            for (int shard = 0; shard < SHARDS; shard++) {
                long rows = count(
                        shard,
                        "SELECT COUNT(*) FROM packet_grabs WHERE packet_id = '" + grant.packetId() + "' AND user_id = "
                                + grant.user() + " AND amount = " + grant.amount());
                assertThat(rows)
                        .as("grant of %s to %d on shard %d", grant.packetId(), grant.user(), shard)
                        .isEqualTo(shard == home ? 1 : 0);
            }
        }
    }

    private void assertEveryBalanceIsWhatItsUserWasGiven(Map<Long, Long> expected) throws SQLException {
        Map<Long, Long> balances = new HashMap<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            try (Connection db = connect(shard);
                    Statement sql = db.createStatement();
                    ResultSet rs = sql.executeQuery("SELECT user_id, balance FROM accounts")) {
                while (rs.next()) {
                    long user = rs.getLong(1);
                    assertThat(placement.ofUser(user))
                            .as("user %d's account", user)
                            .isEqualTo(shard);
                    balances.put(user, rs.getLong(2));
                }
            }
        }
        expected.forEach((user, balance) ->
                assertThat(balances.get(user)).as("user %d's balance", user).isEqualTo(balance));
    }

    /** Each shard within ±15 % of the mean; the counts by shard. */
    private List<Long> assertRowsSpreadEvenly(String countSql, String what) throws SQLException {
        List<Long> counts = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            counts.add(count(shard, countSql));
        }
        double mean = counts.stream().mapToLong(Long::longValue).average().orElseThrow();
        assertThat(counts)
                .as("%s per shard %s, mean %.1f", what, counts, mean)
                .allSatisfy(n -> assertThat((double) n).isBetween(mean * 0.85, mean * 1.15));
        return counts;
    }

    private long recorded() throws SQLException {
        return sumOverShards("SELECT COUNT(*) FROM packet_grabs");
    }

    private long refunded() throws SQLException {
        return sumOverShards("SELECT COUNT(*) FROM red_packets WHERE refunded_amount IS NOT NULL");
    }

    private long sumOverShards(String sql) throws SQLException {
        long sum = 0;
        for (int shard = 0; shard < SHARDS; shard++) {
            sum += count(shard, sql);
        }
        return sum;
    }

    private long count(int shard, String sql) throws SQLException {
        try (Connection db = connect(shard);
                Statement statement = db.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private Connection connect(int shard) throws SQLException {
        return DriverManager.getConnection(shardUrls.get(shard), "root", "");
    }
}
