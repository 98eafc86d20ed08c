package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.model.PacketShards;
import io.hongbao.support.Api;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.SecondInstance;
import io.hongbao.support.ShardDatabases;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The service on four database shards, the databases hongbao_s0..hongbao_s3 on the test's MariaDB (ADR 0083): what it
 * writes through its own paths lands on the database {@link DatabaseShards} names, as each physical database shows
 * when asked directly; a group on its creator's shard only (ADR 0088), broadcast tables on all four; every shard is migrated alike and records its place, and a
 * start with the shards reordered or their count changed is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShardRoutingIT extends IntegrationTest {

    private static final int SHARDS = 4;

    @Autowired
    StorageEndpoints storage;

    @Autowired
    JwtSecret secret;

    private ShardDatabases databases;
    private List<String> shardUrls;
    private SecondInstance sharded;
    private DatabaseShards placement;
    private PacketShards packetPlacement;
    private Api shardedApi;
    private WebTestClient shardedHttp;

    @BeforeAll
    void startTheServiceOnFourShards() throws SQLException {
        databases = ShardDatabases.fresh(storage, "s", SHARDS);
        shardUrls = databases.urls();
        sharded = start("shard-routing", shardUrls);
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
    }

    @Test
    void theServiceRunsOnFourShardsPlacedAsDatabaseShardsSays() {
        assertThat(placement.count()).isEqualTo(SHARDS);
    }

    @Test
    void aDepositLandsOnTheDepositorsShardOnlyWithBothLegs() throws SQLException {
        List<Long> users = IntStream.range(0, SHARDS).mapToObj(i -> newUser()).toList();
        assertThat(users.stream().map(placement::ofUser).distinct())
                .as("a user on each shard")
                .hasSize(SHARDS);
        for (long user : users) {
            shardedApi.deposit(user, 250).expectStatus().isOk();
        }

        for (long user : users) {
            int home = placement.ofUser(user);
            for (int shard = 0; shard < SHARDS; shard++) {
                long accounts = count(shard, "SELECT COUNT(*) FROM accounts WHERE user_id = " + user);
                long legs = count(
                        shard,
                        "SELECT COUNT(*) FROM ledger_entries WHERE account IN ('user:" + user + "', 'world:" + user
                                + "')");
                assertThat(accounts)
                        .as("user %d's account on shard %d", user, shard)
                        .isEqualTo(shard == home ? 1 : 0);
                assertThat(legs).as("user %d's legs on shard %d", user, shard).isEqualTo(shard == home ? 2 : 0);
            }
        }
    }

    @Test
    void aSentPacketItsSharesAndItsEscrowLegLandOnThePacketsShard() throws SQLException {
        long sender = newUser();
        shardedApi.deposit(sender, 1_000).expectStatus().isOk();

        String id = new RedPacketApi(shardedHttp, this::tokenFor)
                .sendOk(sender, 600, 3, "RANDOM", null, null)
                .id();

        int home = packetPlacement.databaseShardOf(id);
        for (int shard = 0; shard < SHARDS; shard++) {
            int expected = shard == home ? 1 : 0;
            assertThat(count(shard, "SELECT COUNT(*) FROM red_packets WHERE id = '" + id + "'"))
                    .as("packet on shard %d", shard)
                    .isEqualTo(expected);
            assertThat(count(shard, "SELECT COUNT(*) FROM packet_shares WHERE packet_id = '" + id + "'"))
                    .as("shares on shard %d", shard)
                    .isEqualTo(3L * expected);
            assertThat(count(shard, "SELECT COUNT(*) FROM ledger_entries WHERE account = 'escrow:" + id + "'"))
                    .as("escrow leg on shard %d", shard)
                    .isEqualTo(expected);
            assertThat(count(shard, "SELECT COUNT(*) FROM ledger_entries WHERE account = 'user:" + sender + "'"))
                    .as("sender's legs on shard %d", shard)
                    .isEqualTo(shard == placement.ofUser(sender) ? 2 : 0);
        }
    }

    /**
     * A grab's payout may cross shards (the escrow's leg on the packet's, the grabber's on the grabber's), in two local
     * steps through transit accounts (ADR 0084). What is checked here is that ShardingSphere routes and reads every
     * statement of these paths on four shards; {@code ShardedIT} checks the money.
     */
    @Test
    void aGrabIsRecordedOnThePacketsShardAndTheReadsOfPacketsGrabsAndLedgerAnswer() throws Exception {
        long sender = newUser();
        long grabber = newUser();
        shardedApi.deposit(sender, 1_000).expectStatus().isOk();
        RedPacketApi packets = new RedPacketApi(shardedHttp, this::tokenFor);
        String id = packets.sendOk(sender, 300, 1, "EQUAL", null, null).id();

        assertThat(packets.grabOk(grabber, id).amount()).isEqualTo(300L);

        int home = packetPlacement.databaseShardOf(id);
        String credited = "SELECT COALESCE(SUM(balance), 0) FROM accounts WHERE user_id = " + grabber;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        // Two steps when the grabber lives on another shard (ADR 0084): the grab row first, the credit after it.
        while (count(home, "SELECT COUNT(*) FROM packet_grabs WHERE packet_id = '" + id + "'") == 0
                || count(placement.ofUser(grabber), credited) == 0) {
            assertThat(System.nanoTime())
                    .as("the grab recorded and paid within 20 s")
                    .isLessThan(deadline);
            Thread.sleep(100);
        }
        assertThat(count(placement.ofUser(grabber), credited)).isEqualTo(300);
        packets.myPackets(sender).expectStatus().isOk();
        packets.myGrabs(grabber).expectStatus().isOk();
        shardedApi.ledger(grabber).expectStatus().isOk();
        assertThat(shardedApi.balanceOf(grabber)).isEqualTo(300);
    }

    @Test
    void aGroupIsOnItsCreatorsShardOnlyAndAWheelOnItsIdsHomeOnly() throws SQLException {
        long creator = newUser();
        String group = new RedPacketApi(shardedHttp, this::tokenFor).newGroup(creator, List.of(creator + 1));
        String wheel = new LotteryApi(shardedApi, shardedHttp)
                .createdWheel(LotteryApi.wheelBody(
                        Instant.now().minus(Duration.ofMinutes(1)),
                        Instant.now().plus(Duration.ofDays(1)),
                        Map.of("Lamp", 3)))
                .id();

        int home = placement.ofUser(creator);
        assertThat(placement.ofId(group)).isEqualTo(home);
        int wheelHome = placement.ofId(wheel);
        for (int shard = 0; shard < SHARDS; shard++) {
            assertThat(count(shard, "SELECT COUNT(*) FROM chat_groups WHERE id = '" + group + "'"))
                    .as("group on shard %d", shard)
                    .isEqualTo(shard == home ? 1 : 0);
            assertThat(count(shard, "SELECT COUNT(*) FROM group_members WHERE group_id = '" + group + "'"))
                    .as("members on shard %d", shard)
                    .isEqualTo(shard == home ? 2 : 0);
            assertThat(count(shard, "SELECT COUNT(*) FROM lottery_wheels WHERE id = '" + wheel + "'"))
                    .as("wheel on shard %d", shard)
                    .isEqualTo(shard == wheelHome ? 1 : 0);
            assertThat(count(shard, "SELECT COUNT(*) FROM lottery_prizes WHERE wheel_id = '" + wheel + "'"))
                    .as("prizes on shard %d", shard)
                    .isEqualTo(shard == wheelHome ? 1 : 0);
        }
    }

    @Test
    void everyShardIsMigratedToTheSameVersionAndRecordsItsPlace() throws SQLException {
        List<String> versions = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            versions.add(text(
                    shard,
                    "SELECT version FROM flyway_schema_history WHERE success = 1 AND version IS NOT NULL"
                            + " ORDER BY installed_rank DESC LIMIT 1"));
            assertThat(count(shard, "SELECT shard_index FROM db_shard_layout")).isEqualTo(shard);
            assertThat(count(shard, "SELECT shard_count FROM db_shard_layout")).isEqualTo(SHARDS);
        }
        assertThat(versions).hasSize(SHARDS).allMatch(versions.get(0)::equals);
    }

    @Test
    void aStartWithTheShardsReorderedIsRefusedNamingTheSetting() {
        List<String> reordered = new ArrayList<>(shardUrls);
        reordered.add(reordered.remove(0));

        assertThatThrownBy(() -> start("shard-routing-reordered", reordered))
                .hasStackTraceContaining("Refusing to start")
                .hasStackTraceContaining("recorded as shard 1 of 4")
                .hasStackTraceContaining("HONGBAO_DB_SHARDS");
    }

    @Test
    void aStartWithAShardLessIsRefused() {
        assertThatThrownBy(() -> start("shard-routing-three", shardUrls.subList(0, 3)))
                .hasStackTraceContaining("Refusing to start")
                .hasStackTraceContaining("recorded as shard 0 of 4")
                .hasStackTraceContaining("hongbao.db.shards");
    }

    private SecondInstance start(String name, List<String> shards) {
        List<String> arguments = new ArrayList<>(databases.serviceArguments(shards));
        arguments.add("--hongbao.redpacket.warm-up.enabled=false");
        return SecondInstance.start(secret, name, arguments.toArray(String[]::new));
    }

    private long count(int shard, String query) throws SQLException {
        return databases.count(shard, query);
    }

    private String text(int shard, String query) throws SQLException {
        return databases.text(shard, query);
    }
}
