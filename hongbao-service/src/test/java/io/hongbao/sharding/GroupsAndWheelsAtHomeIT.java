package io.hongbao.sharding;

import static io.hongbao.support.AuditChecks.check;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hongbao.account.model.UserId;
import io.hongbao.lottery.infrastructure.LotteryInfrastructure;
import io.hongbao.lottery.model.DrawId;
import io.hongbao.lottery.model.PrizeId;
import io.hongbao.lottery.model.UnitRef;
import io.hongbao.lottery.model.WheelId;
import io.hongbao.lottery.model.draw.DecidedDraw;
import io.hongbao.lottery.model.draw.DrawOutcome;
import io.hongbao.lottery.model.draw.DrawResult;
import io.hongbao.lottery.model.draw.DrawSpend;
import io.hongbao.lottery.model.draw.Draws;
import io.hongbao.lottery.model.draw.PendingDraw;
import io.hongbao.lottery.model.draw.SpendVerdict;
import io.hongbao.lottery.model.wheel.Wheels;
import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.db.DirectDatabases;
import io.hongbao.platform.db.Migrations;
import io.hongbao.platform.outbox.Outbox;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.Api;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.LotteryApi;
import io.hongbao.support.RedPacketApi;
import io.hongbao.support.SecondInstance;
import io.hongbao.support.ShardDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * Groups and wheels on two database shards, the databases {@code <name>_g0} and {@code _g1} on the test's MariaDB.
 * A group is written on its creator's shard only, in one local transaction with the request's recorded answer (ADR
 * 0088); a fault on one shard in the middle of a group's write (its connection killed before the commit, a trigger
 * refusing a row) leaves no copy that differs, and reads of the group never flap; {@code groups-at-home} names a group
 * copied to the other shard by hand; V44 removes the copies the broadcast left. A wheel's rows are on the home its id
 * names only (ADR 0093), drawn by users of both shards; {@code wheels-at-home} names a wheel copied by hand; V46
 * removes the copies the broadcast left.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GroupsAndWheelsAtHomeIT extends IntegrationTest {

    private static final int SHARDS = 2;
    private static final int READS = 20;

    @Autowired
    StorageEndpoints storage;

    @Autowired
    JwtSecret secret;

    @Autowired
    Migrations migrations;

    private ShardDatabases shards;
    private SecondInstance sharded;
    private DatabaseShards placement;
    private WebTestClient shardedHttp;
    private RedPacketApi groups;
    private Api shardedApi;
    private final List<String> cleanUp = new ArrayList<>();

    @BeforeAll
    void startTheServiceOnTwoShards() throws SQLException {
        shards = ShardDatabases.fresh(storage, "g", SHARDS);
        List<String> arguments = new ArrayList<>(shards.serviceArguments());
        arguments.add("--hongbao.redpacket.warm-up.enabled=false");
        sharded = SecondInstance.start(secret, "groups-at-home", arguments.toArray(String[]::new));
        placement = sharded.bean(DatabaseShards.class);
        shardedHttp = sharded.http();
        groups = new RedPacketApi(shardedHttp, this::tokenFor);
        shardedApi = new Api(shardedHttp, this::tokenFor, adminToken());
    }

    @AfterAll
    void stop() {
        if (sharded != null) {
            sharded.close();
        }
    }

    @AfterEach
    void undoTheFaults() throws SQLException {
        for (String statement : cleanUp) {
            shards.execute(0, statement);
        }
        cleanUp.clear();
    }

    @Test
    void aGroupIsOnItsCreatorsShardOnlyAndEveryReadOfItAnswersTheSame() throws SQLException {
        for (int shard = 0; shard < SHARDS; shard++) {
            long creator = userOn(shard);
            long member = userOn(1 - shard);
            String group = groups.newGroup(creator, List.of(member));

            assertThat(copies(group))
                    .as("group %s by a user of shard %d", group, shard)
                    .containsExactly(shard);
            assertThat(shards.count(shard, "SELECT COUNT(*) FROM group_members WHERE group_id = '" + group + "'"))
                    .isEqualTo(2);
            assertThat(reads(creator, group)).containsOnly(200);
            assertThat(reads(member, group)).containsOnly(200);
            assertThat(myGroups(member)).containsExactly(group);
        }
        assertThat(check(shardedApi.audit(), "groups-at-home").get("ok")).isEqualTo(true);
    }

    /**
     * The fault the broadcast could not survive: the other shard's connection is killed after the group's rows are
     * written and before the commit (the request's recorded answer, its last write, is held up by a trigger meanwhile).
     * Broadcast, the creator's shard committed its copy and the other lost its own: reads then answered 200 or 404 by
     * the shard ShardingSphere picked. At home, the group never touched the other shard.
     */
    @Test
    void aGroupWhoseOtherShardIsLostBeforeTheCommitLeavesNoCopiesThatDisagreeAndReadsNeverFlap() throws Exception {
        long creator = userOn(0);
        long member = userOn(1);
        slowTheRecordedAnswers(0);

        CompletableFuture<Integer> created = CompletableFuture.supplyAsync(() -> createWithKey(creator, member));
        awaitTheRecordedAnswerHeldUp(0, created);
        int killed = killOpenTransactions(1);
        int status = created.join();

        Optional<String> group = groupOf(creator);
        assertThat(group).isPresent();
        assertThat(reads(creator, group.get())).containsOnly(200);
        assertThat(reads(member, group.get())).containsOnly(200);
        assertThat(copies(group.get()))
                .as("the shards holding group %s", group.get())
                .containsExactly(0);
        assertThat(status)
                .as("the group was answered (%d connections on shard 1 killed)", killed)
                .isEqualTo(201);
        assertThat(check(shardedApi.audit(), "groups-at-home").get("ok")).isEqualTo(true);
    }

    @Test
    void aGroupWhoseMembersAreRefusedOnItsShardIsNowhereAndItsCreatorsListAnswersTheSame() throws SQLException {
        long creator = userOn(1);
        long member = userOn(0);
        shards.execute(
                1,
                "CREATE TRIGGER " + shards.name(1) + ".refuse_members BEFORE INSERT ON " + shards.name(1)
                        + ".group_members FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'");
        cleanUp.add("DROP TRIGGER IF EXISTS " + shards.name(1) + ".refuse_members");

        groups.createGroup(creator, "refused", List.of(member)).expectStatus().is5xxServerError();

        for (int shard = 0; shard < SHARDS; shard++) {
            assertThat(shards.count(shard, "SELECT COUNT(*) FROM chat_groups WHERE creator_id = " + creator))
                    .as("groups of the creator on shard %d", shard)
                    .isZero();
        }
        for (int i = 0; i < READS; i++) {
            assertThat(myGroups(creator)).isEmpty();
        }
    }

    @Test
    void theAuditNamesAGroupCopiedByHandToTheOtherShardUntilTheCopyIsGone() throws SQLException {
        long creator = userOn(0);
        String group = groups.newGroup(creator, List.of(creator + 2));
        List<Map<String, Object>> audits = auditWithACopyOnShard1("chat_groups", "id", group, "groups-at-home");
        Map<String, Object> damaged = audits.get(0);
        Map<String, Object> repaired = audits.get(1);

        assertThat(damaged.get("ok")).isEqualTo(false);
        assertThat((String) damaged.get("detail"))
                .contains("group " + group + " (row) on database 1, its home is database 0");
        assertThat(repaired.get("ok")).as(repaired.toString()).isEqualTo(true);
    }

    /**
     * Each wheel's row, prizes, hours and units on its home only; users of both shards draw it, their draws on their
     * own shards, read back with the prize's and consolation's names (which live with the wheel), and every lottery
     * check of the audit holds across the two.
     */
    @Test
    void aWheelIsOnItsHomeOnlyAndDrawsOnBothShardsAreReadBackWithItsNamesAndAudited() throws SQLException {
        LotteryApi lottery = new LotteryApi(shardedApi, shardedHttp);
        for (int home = 0; home < SHARDS; home++) {
            String wheel = wheelWithHome(lottery, home);
            for (int shard = 0; shard < SHARDS; shard++) {
                for (String table : List.of("lottery_wheels", "lottery_prizes", "lottery_hours", "lottery_units")) {
                    String column = table.equals("lottery_wheels") ? "id" : "wheel_id";
                    long rows = shards.count(
                            shard, "SELECT COUNT(*) FROM " + table + " WHERE " + column + " = '" + wheel + "'");
                    assertThat(rows > 0)
                            .as("%s of wheel %s (home %d) on shard %d", table, wheel, home, shard)
                            .isEqualTo(shard == home);
                }
            }
            for (int shard = 0; shard < SHARDS; shard++) {
                long player = userOn(shard);
                shardedApi.grantPoints(player, 100).expectStatus().isOk();
                LotteryApi.DrawJson drawn = lottery.drawn(player, wheel);
                assertThat(drawn.prize() != null || drawn.consolation() != null).isTrue();
                LotteryApi.DrawItemJson listed = lottery.myDraws(player).items().get(0);
                assertThat(listed.toString())
                        .as("the draw of a user of shard %d, read back", shard)
                        .contains(
                                drawn.prize() != null
                                        ? drawn.prize().name()
                                        : drawn.consolation().name());
                assertThat(shards.count(
                                shard,
                                "SELECT COUNT(*) FROM lottery_draws WHERE wheel_id = '" + wheel + "' AND user_id = "
                                        + player))
                        .isOne();
            }
            assertThat(lottery.wheelJson(wheel).prize("Lamp").won()).isBetween(0L, (long) SHARDS);
        }
        Map<String, Object> audit = shardedApi.audit();
        for (String name : List.of(
                "wheels-at-home",
                "lottery-won-placed-stock",
                "lottery-units-won-once",
                "lottery-draws-one-outcome",
                "lottery-points-exact",
                "lottery-pools-match-database")) {
            assertThat(check(audit, name).get("ok"))
                    .as(check(audit, name).toString())
                    .isEqualTo(true);
        }
    }

    /**
     * A prize unit Redis handed out twice, to drawers on different databases (after it lost the pool and reloaded
     * it): the batch of the second drawer's lane writes its own database only (ADR 0101), yet finds the unit recorded
     * on the other and writes nothing for its draw, which is then decided again. The unit's unique key is per
     * database, so only this look across them keeps it won once.
     */
    @Test
    void aDrawBatchOnOneDatabaseFindsAPrizeUnitRecordedOnTheOtherAndRecordsNothingForIt() throws SQLException {
        long first = userOn(0);
        long second = userOn(1);
        shardedApi.grantPoints(second, 100).expectStatus().isOk();
        UnitRef unit = new UnitRef(PrizeId.random(), 1);
        WheelId wheel = WheelId.random();
        String firstDraw = DrawId.random().value();
        shards.execute(
                0,
                "INSERT INTO lottery_draws (draw_id, wheel_id, user_id, cost, status, prize_id, unit_seq,"
                        + " points_left, created_at, finished_at) VALUES ('" + firstDraw + "', '" + wheel.value()
                        + "', " + first + ", 10, 'DONE', '" + unit.prizeId().value() + "', 1, 0, NOW(3), NOW(3))");
        try {
            DirectDatabases direct = sharded.bean(DirectDatabases.class);
            Draws secondsDatabase = LotteryInfrastructure.directDraws(
                    direct, 1, sharded.bean(Wheels.class), sharded.bean(Outbox.class));
            PendingDraw draw = new PendingDraw(DrawId.random(), wheel, UserId.of(second), Instant.now());
            List<List<Optional<DrawResult>>> finished = new ArrayList<>();

            // Spent and finished in one transaction that is then rolled back: the test leaves nothing on database 1.
            assertThatThrownBy(() -> direct.of(1).transactions().inTransaction(() -> {
                        assertThat(secondsDatabase.spend(List.of(new DrawSpend(draw, 10, Optional.empty()))))
                                .containsExactly(new SpendVerdict.Paid());
                        finished.add(secondsDatabase.finish(
                                List.of(new DecidedDraw(draw, new DrawOutcome.PrizeWon(unit, "Lamp"))), Instant.now()));
                        throw new IllegalStateException("rolled back by the test");
                    }))
                    .hasMessage("rolled back by the test");

            assertThat(finished.get(0))
                    .as("the unit is recorded for a draw on database 0: nothing recorded for this one")
                    .containsExactly(Optional.empty());
        } finally {
            shards.execute(0, "DELETE FROM lottery_draws WHERE draw_id = '" + firstDraw + "'");
        }
    }

    @Test
    void theAuditNamesAWheelCopiedByHandToTheOtherShardUntilTheCopyIsGone() throws SQLException {
        String wheel = wheelWithHome(new LotteryApi(shardedApi, shardedHttp), 0);
        List<Map<String, Object>> audits =
                auditWithACopyOnShard1("lottery_prizes", "wheel_id", wheel, "wheels-at-home");
        Map<String, Object> damaged = audits.get(0);
        Map<String, Object> repaired = audits.get(1);

        assertThat(damaged.get("ok")).isEqualTo(false);
        assertThat((String) damaged.get("detail"))
                .contains("wheel " + wheel + " (prizes) on database 1, its home is database 0");
        assertThat(repaired.get("ok")).as(repaired.toString()).isEqualTo(true);
    }

    @Test
    void v46RemovesTheWheelCopiesAwayFromHomeAndLeavesOneDatabaseAlone() throws SQLException {
        String schema = "wheels_home_" + UUID.randomUUID().toString().substring(0, 8);
        String single = schema + "_one";
        cleanUp.add("DROP DATABASE IF EXISTS " + schema);
        cleanUp.add("DROP DATABASE IF EXISTS " + single);
        String atHome = idWithHome(1);
        String away = idWithHome(0);
        for (String database : List.of(schema, single)) {
            migrateTo(database, "45");
            for (String wheel : List.of(atHome, away)) {
                shards.execute(
                        0,
                        "INSERT INTO " + database + ".lottery_wheels (id, name, draw_cost, consolation_name,"
                                + " consolation_points, starts_at, ends_at, hourly_weights, placed_until, created_at)"
                                + " VALUES ('" + wheel
                                + "', 'w', 10, 'c', 1, NOW(3), NOW(3) + INTERVAL 1 DAY, '', NOW(3),"
                                + " NOW(3))");
                shards.execute(
                        0,
                        "INSERT INTO " + database + ".lottery_prizes (id, wheel_id, position, name, stock, placed)"
                                + " VALUES ('p" + wheel + "', '" + wheel + "', 0, 'Lamp', 1, 1)");
                shards.execute(
                        0,
                        "INSERT INTO " + database + ".lottery_hours (wheel_id, hour_start, units, published,"
                                + " created_at) VALUES ('" + wheel + "', '2026-01-01 00:00:00', 1, FALSE, NOW(3))");
                shards.execute(
                        0,
                        "INSERT INTO " + database + ".lottery_units (prize_id, seq, wheel_id, hour_start, release_at)"
                                + " VALUES ('p" + wheel + "', 1, '" + wheel + "', '2026-01-01 00:00:00', NOW(3))");
            }
        }
        shards.execute(
                0,
                "INSERT INTO " + schema + ".db_shard_layout (id, shard_index, shard_count, virtual_shards)"
                        + " VALUES (1, 1, 2, 16)");
        shards.execute(
                0,
                "INSERT INTO " + single + ".db_shard_layout (id, shard_index, shard_count, virtual_shards)"
                        + " VALUES (1, 0, 1, 16)");

        migrateTo(schema, null);
        migrateTo(single, null);

        for (String table : List.of("lottery_prizes", "lottery_hours", "lottery_units")) {
            assertThat(shards.text(0, "SELECT GROUP_CONCAT(DISTINCT wheel_id) FROM " + schema + "." + table))
                    .as(table)
                    .isEqualTo(atHome);
            assertThat(shards.count(0, "SELECT COUNT(*) FROM " + single + "." + table))
                    .as(table)
                    .isEqualTo(2);
        }
        assertThat(shards.text(0, "SELECT GROUP_CONCAT(id) FROM " + schema + ".lottery_wheels"))
                .isEqualTo(atHome);
        assertThat(shards.count(0, "SELECT COUNT(*) FROM " + single + ".lottery_wheels"))
                .isEqualTo(2);
    }

    /**
     * A wheel whose id names {@code home}: created until one lands there (one in two on two shards). Its creation
     * places its first hours at once; 500 units over a day put units in each of them.
     */
    private String wheelWithHome(LotteryApi lottery, int home) {
        while (true) {
            String wheel = lottery.createdWheel(LotteryApi.wheelBody(
                            Instant.now().minus(Duration.ofMinutes(1)),
                            Instant.now().plus(Duration.ofDays(1)),
                            Map.of("Lamp", 500)))
                    .id();
            if (placement.ofId(wheel) == home) {
                return wheel;
            }
        }
    }

    @Test
    void v44RemovesTheBroadcastCopiesAwayFromHomeAndLeavesOneDatabaseAlone() throws SQLException {
        String schema = "groups_home_" + UUID.randomUUID().toString().substring(0, 8);
        String single = schema + "_one";
        cleanUp.add("DROP DATABASE IF EXISTS " + schema);
        cleanUp.add("DROP DATABASE IF EXISTS " + single);
        String atHome = idWithHome(1);
        String away = idWithHome(0);
        for (String database : List.of(schema, single)) {
            migrateTo(database, "43");
            shards.execute(
                    0,
                    "INSERT INTO " + database + ".chat_groups (id, name, creator_id, created_at) VALUES ('" + atHome
                            + "', 'a', 1, NOW(3)), ('" + away + "', 'b', 2, NOW(3))");
            shards.execute(
                    0,
                    "INSERT INTO " + database + ".group_members (group_id, user_id) VALUES ('" + atHome + "', 1), ('"
                            + away + "', 2)");
        }
        shards.execute(
                0,
                "INSERT INTO " + schema + ".db_shard_layout (id, shard_index, shard_count, virtual_shards)"
                        + " VALUES (1, 1, 2, 16)");
        shards.execute(
                0,
                "INSERT INTO " + single + ".db_shard_layout (id, shard_index, shard_count, virtual_shards)"
                        + " VALUES (1, 0, 1, 16)");

        migrateTo(schema, null);
        migrateTo(single, null);

        assertThat(shards.text(0, "SELECT GROUP_CONCAT(id) FROM " + schema + ".chat_groups"))
                .isEqualTo(atHome);
        assertThat(shards.text(0, "SELECT GROUP_CONCAT(group_id) FROM " + schema + ".group_members"))
                .isEqualTo(atHome);
        assertThat(shards.count(0, "SELECT COUNT(*) FROM " + single + ".chat_groups"))
                .isEqualTo(2);
        assertThat(shards.count(0, "SELECT COUNT(*) FROM " + single + ".group_members"))
                .isEqualTo(2);
    }

    /**
     * The audit's {@code checkName} while shard 1 holds a copy of {@code table}'s rows of {@code id} (from shard 0, its
     * home), then again once the copy is deleted: the damaged check first, the repaired one second.
     */
    private List<Map<String, Object>> auditWithACopyOnShard1(String table, String column, String id, String checkName)
            throws SQLException {
        String rows = " WHERE " + column + " = '" + id + "'";
        shards.execute(
                0,
                "INSERT INTO " + shards.name(1) + "." + table + " SELECT * FROM " + shards.name(0) + "." + table
                        + rows);
        Map<String, Object> damaged = check(shardedApi.audit(), checkName);
        shards.execute(0, "DELETE FROM " + shards.name(1) + "." + table + rows);
        return List.of(damaged, check(shardedApi.audit(), checkName));
    }

    private void migrateTo(String schema, String version) {
        var configuration = migrations
                .configuration()
                .dataSource(storage.jdbcUrl(), storage.dbUser(), storage.dbPassword())
                .schemas(schema);
        if (version != null) {
            configuration.target(version);
        }
        configuration.load().migrate();
    }

    private String idWithHome(int shard) {
        while (true) {
            String id = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
            if (placement.ofId(id) == shard) {
                return id;
            }
        }
    }

    private long userOn(int shard) {
        while (true) {
            long user = newUser();
            if (placement.ofUser(user) == shard) {
                return user;
            }
        }
    }

    /** The creator's group as its shards hold it, asked directly. */
    private Optional<String> groupOf(long creator) throws SQLException {
        for (int shard = 0; shard < SHARDS; shard++) {
            String id = shards.text(shard, "SELECT MAX(id) FROM chat_groups WHERE creator_id = " + creator);
            if (id != null) {
                return Optional.of(id);
            }
        }
        return Optional.empty();
    }

    private int createWithKey(long creator, long member) {
        return shardedHttp
                .mutate()
                .responseTimeout(Duration.ofSeconds(30))
                .build()
                .post()
                .uri("/api/v1/groups")
                .headers(h -> {
                    h.setBearerAuth(tokenFor(creator));
                    h.set("Idempotency-Key", UUID.randomUUID().toString());
                })
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(Map.of("name", "held", "members", List.of(member)))
                .exchange()
                .returnResult(String.class)
                .getStatus()
                .value();
    }

    /** The request's last write on this shard, its recorded answer, waits a while: the window before the commit. */
    private void slowTheRecordedAnswers(int shard) throws SQLException {
        String name = shards.name(shard);
        shards.execute(
                shard,
                "CREATE TRIGGER " + name + ".hold_answers BEFORE UPDATE ON " + name
                        + ".idempotency_records FOR EACH ROW SET @held = SLEEP(3)");
        cleanUp.add("DROP TRIGGER IF EXISTS " + name + ".hold_answers");
    }

    private void awaitTheRecordedAnswerHeldUp(int shard, CompletableFuture<Integer> created) throws Exception {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < until) {
            if (created.isDone()) {
                throw new AssertionError("answered " + created.join() + " without being held up");
            }
            if (shards.count(
                            shard,
                            "SELECT COUNT(*) FROM information_schema.processlist WHERE db = '" + shards.name(shard)
                                    + "' AND (info LIKE 'UPDATE idempotency_records%' OR state = 'User sleep')")
                    > 0) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the recorded answer was never written");
    }

    /** Kills every connection of this shard's database that holds an open transaction: the shard is lost to them. */
    private int killOpenTransactions(int shard) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection db = shards.connect(shard);
                Statement sql = db.createStatement();
                ResultSet rows = sql.executeQuery("SELECT t.trx_mysql_thread_id FROM information_schema.innodb_trx t"
                        + " JOIN information_schema.processlist p ON p.id = t.trx_mysql_thread_id WHERE p.db = '"
                        + shards.name(shard) + "'")) {
            while (rows.next()) {
                ids.add(rows.getLong(1));
            }
        }
        for (long id : ids) {
            shards.execute(shard, "KILL CONNECTION " + id);
        }
        return ids.size();
    }

    private List<Integer> reads(long reader, String group) {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < READS; i++) {
            statuses.add(groups.group(reader, group)
                    .returnResult(String.class)
                    .getStatus()
                    .value());
        }
        return statuses;
    }

    @SuppressWarnings("unchecked")
    private List<String> myGroups(long user) {
        Map<String, Object> page = shardedHttp
                .get()
                .uri("/api/v1/me/groups")
                .headers(h -> h.setBearerAuth(tokenFor(user)))
                .exchange()
                .expectStatus()
                .isOk()
                .expectBody(Map.class)
                .returnResult()
                .getResponseBody();
        return ((List<Map<String, Object>>) page.get("items"))
                .stream().map(g -> (String) g.get("id")).toList();
    }

    /** The shards that hold a copy of the group's row. */
    private List<Integer> copies(String group) throws SQLException {
        List<Integer> holding = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            if (shards.count(shard, "SELECT COUNT(*) FROM chat_groups WHERE id = '" + group + "'") > 0) {
                holding.add(shard);
            }
        }
        return holding;
    }
}
