package io.hongbao.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hongbao.platform.db.DatabaseShards;
import io.hongbao.platform.security.JwtSecret;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.Api;
import io.hongbao.support.IntegrationTest;
import io.hongbao.support.SecondInstance;
import io.hongbao.support.ShardDatabases;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * An admin's deposit or points grant for a user on another database shard than the admin's (ADR 0089), on a service
 * of the test's own over two databases on the test's MariaDB: the write's transaction is broken on one database
 * after all its statements ran and before it committed (its connection killed while a trigger holds the answer's
 * recording), then retried with the same key. Whichever database failed, the user got the money or points exactly
 * once, and no answer was replayed for a write that did not happen.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AdminWritesAcrossShardsIT extends IntegrationTest {

    private static final int ADMINS_SHARD = 0;
    private static final int USERS_SHARD = 1;
    private static final long AMOUNT = 120;
    /** How long the trigger holds the answer's recording: time to break the transaction meanwhile. */
    private static final int HOLD_SECONDS = 3;

    @Autowired
    StorageEndpoints storage;

    @Autowired
    JwtSecret secret;

    private ShardDatabases databases;
    private SecondInstance sharded;
    private DatabaseShards placement;
    private WebTestClient shardedHttp;

    /** An admin's write to a user's account: its path, its body's field, and what it changes. */
    enum Write {
        DEPOSIT("deposits", "amount", "SELECT COUNT(*) FROM ledger_entries WHERE account = 'user:%d'"),
        POINTS("points", "points", "SELECT COUNT(*) FROM point_entries WHERE user_id = %d");

        final String path;
        final String field;
        final String effects;

        Write(String path, String field, String effects) {
            this.path = path;
            this.field = field;
            this.effects = effects;
        }
    }

    @BeforeAll
    void startTheServiceOnTwoShards() throws SQLException {
        databases = ShardDatabases.fresh(storage, "admin_writes_", 2);
        List<String> arguments = new ArrayList<>(databases.serviceArguments());
        arguments.add("--hongbao.redis.url=" + storage.redisUrl());
        arguments.add("--hongbao.redpacket.warm-up.enabled=false");
        sharded = SecondInstance.start(secret, "admin-writes-across-shards", arguments.toArray(String[]::new));
        placement = sharded.bean(DatabaseShards.class);
        shardedHttp = sharded.http();
    }

    @AfterAll
    void stop() {
        if (sharded != null) {
            sharded.close();
        }
    }

    @AfterEach
    void answersRecordedWithoutHolding() throws SQLException {
        for (int shard = 0; shard < 2; shard++) {
            databases.execute(shard, "DROP TRIGGER IF EXISTS hold_answer");
        }
    }

    static Stream<Arguments> writesAndFailingDatabases() {
        return Stream.of(Write.values())
                .flatMap(write -> Stream.of(Arguments.of(write, USERS_SHARD), Arguments.of(write, ADMINS_SHARD)));
    }

    @ParameterizedTest(name = "{0}, database {1} failing")
    @MethodSource("writesAndFailingDatabases")
    void aWriteBrokenOnOneDatabaseBeforeItsCommitIsDoneExactlyOnceByItsRetry(Write write, int failing)
            throws Exception {
        long admin = userOn(ADMINS_SHARD);
        long user = userOn(USERS_SHARD);
        String key = "across-" + UUID.randomUUID();
        holdAnswersOnBothDatabases();

        CompletableFuture<EntityExchangeResult<Map<String, Object>>> first =
                CompletableFuture.supplyAsync(() -> write(write, admin, user, key));
        List<Long> killed = breakTheTransactionOn(failing);
        EntityExchangeResult<Map<String, Object>> broken = first.get(30, TimeUnit.SECONDS);
        answersRecordedWithoutHolding();

        EntityExchangeResult<Map<String, Object>> retried = write(write, admin, user, key);
        EntityExchangeResult<Map<String, Object>> repeated = write(write, admin, user, key);

        String seen = "first answered " + broken.getStatus() + " " + broken.getResponseBody() + ", connections killed "
                + killed;
        if (failing == USERS_SHARD) {
            // The write's own database always holds part of it: the fault did hit, and the first write failed.
            assertThat(killed).as(seen).isNotEmpty();
            assertThat(broken.getStatus().value()).as(seen).isNotEqualTo(200);
        }
        assertThat(retried.getStatus().value()).as(seen).isEqualTo(200);
        assertThat(retried.getResponseBody())
                .as(seen)
                .containsEntry(write == Write.DEPOSIT ? "balance" : "points", (int) AMOUNT);
        assertThat(repeated.getResponseBody()).as("a repeat replays").isEqualTo(retried.getResponseBody());
        Api.AccountJson account = accountOf(user);
        assertThat(write == Write.DEPOSIT ? account.balance() : account.points())
                .as("what the user has, against the answer replayed (%s)", seen)
                .isEqualTo(AMOUNT);
        assertThat(databases.count(USERS_SHARD, write.effects.formatted(user)))
                .as("the write's rows, once")
                .isEqualTo(1);
        assertThat(records(USERS_SHARD, admin, key))
                .as("the admin's key recorded with the write, on the user's database")
                .isEqualTo(1);
        assertThat(records(ADMINS_SHARD, admin, key)).isZero();
    }

    @Test
    void theSameKeyForAnAccountOnAnotherDatabaseIsStillAnotherRequest() throws SQLException {
        long admin = userOn(ADMINS_SHARD);
        long user = userOn(USERS_SHARD);
        long neighbour = userOn(ADMINS_SHARD);
        String key = "reused-" + UUID.randomUUID();

        assertThat(write(Write.DEPOSIT, admin, user, key).getStatus().value()).isEqualTo(200);
        EntityExchangeResult<Map<String, Object>> reused = write(Write.DEPOSIT, admin, neighbour, key);

        assertThat(reused.getStatus().value()).isEqualTo(422);
        assertThat(reused.getResponseBody()).containsEntry("code", "IDEMPOTENCY_KEY_REUSED");
        assertThat(accountOf(neighbour).balance()).isZero();
        assertThat(accountOf(user).balance()).isEqualTo(AMOUNT);
    }

    private long userOn(int shard) {
        long user = newUser();
        while (placement.ofUser(user) != shard) {
            user = newUser();
        }
        return user;
    }

    private EntityExchangeResult<Map<String, Object>> write(Write write, long admin, long user, String key) {
        return shardedHttp
                .post()
                .uri("/api/v1/admin/accounts/" + user + "/" + write.path)
                .header(HttpHeaders.AUTHORIZATION, "Bearer " + tokens.issue(admin, true, Duration.ofHours(1)))
                .header("Idempotency-Key", key)
                .bodyValue(Map.of(write.field, AMOUNT))
                .exchange()
                .expectBody(new ParameterizedTypeReference<Map<String, Object>>() {})
                .returnResult();
    }

    private Api.AccountJson accountOf(long user) {
        return new Api(shardedHttp, this::tokenFor, adminToken())
                .account(user)
                .expectStatus()
                .isOk()
                .expectBody(Api.AccountJson.class)
                .returnResult()
                .getResponseBody();
    }

    /** Every recording of an answer sleeps first, on either database: the write's statements all ran by then. */
    private void holdAnswersOnBothDatabases() throws SQLException {
        for (int shard = 0; shard < 2; shard++) {
            databases.execute(
                    shard,
                    "CREATE TRIGGER hold_answer BEFORE UPDATE ON idempotency_records FOR EACH ROW SET @held = SLEEP("
                            + HOLD_SECONDS + ")");
        }
    }

    /**
     * Waits until an answer is being recorded (the server shows the trigger's statement, not the UPDATE), then kills every connection of {@code shard}'s database inside a
     * transaction: that database's part of the write cannot commit any more, whatever the other one does.
     */
    private List<Long> breakTheTransactionOn(int shard) throws SQLException {
        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> databases.count(
                                shard,
                                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB IN ('"
                                        + databases.name(0) + "', '" + databases.name(1)
                                        + "') AND STATE = 'User sleep' AND INFO LIKE 'SET @held%'")
                        > 0);
        List<Long> inTransaction = databases.numbers(
                shard,
                "SELECT p.ID FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p"
                        + " ON p.ID = t.trx_mysql_thread_id WHERE p.DB = '" + databases.name(shard) + "'");
        for (long connection : inTransaction) {
            databases.execute(shard, "KILL CONNECTION " + connection);
        }
        return inTransaction;
    }

    private long records(int shard, long admin, String key) throws SQLException {
        return databases.count(
                shard,
                "SELECT COUNT(*) FROM idempotency_records WHERE user_id = " + admin + " AND idempotency_key = '" + key
                        + "'");
    }
}
