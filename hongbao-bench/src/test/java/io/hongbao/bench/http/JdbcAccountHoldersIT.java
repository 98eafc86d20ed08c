package io.hongbao.bench.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.bench.BenchServers;
import io.hongbao.bench.http.load.RealisticShape;
import io.hongbao.bench.http.targets.JdbcAccountHolders;
import io.hongbao.embedded.EmbeddedServers;
import io.hongbao.platform.db.DatabaseShards;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The realistic profile's account holders, written in SQL into the service's schema: 90% of the users, each with an
 * account holding the deposit and a two-legged DEPOSIT transfer from {@code world}, as the admin endpoint writes them,
 * so the audit's money conservation holds; a second set-up on the same database adds to the balances.
 */
class JdbcAccountHoldersIT {

    private static final long FIRST = 1_000_001L;
    /**
     * 20,000 users, not the bench's million: the statements are set-based (one INSERT ... SELECT per table and shard),
     * so what they write does not change with the count, and 250,000 cost this test most of its minute.
     */
    private static final RealisticShape SHAPE = new RealisticShape(20_000, 400, 1.0, 4, 1000, 5, 20, 0.9, 0, 100);

    private static final long HOLDERS = 18_000;

    @Test
    void givesNineOfTenUsersAnAccountWithItsDepositAndTheLedgerToMatch(@TempDir Path dir) throws Exception {
        String jdbc;
        String user;
        String password;
        try (EmbeddedServers servers = BenchServers.startWhatIsNotGiven(dir, null, null)) {
            jdbc = servers.jdbcUrl();
            user = servers.dbUser();
            password = servers.dbPassword();
            Flyway.configure()
                    .dataSource(jdbc, user, password)
                    .locations("classpath:db/migration")
                    .load()
                    .migrate();
            JdbcAccountHolders holders = new JdbcAccountHolders(List.of(jdbc), user, password);

            assertThat(holders.open(FIRST, SHAPE, 100)).isEqualTo(HOLDERS);

            try (Connection db = DriverManager.getConnection(jdbc, user, password);
                    Statement sql = db.createStatement()) {
                assertThat(one(sql, "SELECT COUNT(*) FROM accounts WHERE balance = 100"))
                        .isEqualTo(HOLDERS);
                assertThat(one(sql, "SELECT MIN(user_id) FROM accounts")).isEqualTo(FIRST);
                assertThat(one(sql, "SELECT COUNT(*) FROM accounts WHERE user_id = " + (FIRST + 900)))
                        .isZero();
                assertThat(one(sql, "SELECT COUNT(*) FROM accounts WHERE user_id = " + (FIRST + 899)))
                        .isOne();
                assertThat(one(sql, "SELECT SUM(amount) FROM ledger_entries")).isZero();
                assertThat(one(sql, "SELECT -SUM(amount) FROM ledger_entries WHERE account LIKE 'world:%'"))
                        .isEqualTo(one(sql, "SELECT SUM(balance) FROM accounts"));
                assertThat(one(sql, "SELECT COUNT(DISTINCT transfer_ref) FROM ledger_entries WHERE kind = 'DEPOSIT'"))
                        .isEqualTo(HOLDERS);

                Thread.sleep(2); // a new set-up reference
                holders.open(FIRST, SHAPE, 100);
                assertThat(one(sql, "SELECT COUNT(*) FROM accounts WHERE balance = 200"))
                        .isEqualTo(HOLDERS);
                assertThat(one(sql, "SELECT SUM(amount) FROM ledger_entries")).isZero();
            }
        }
    }

    @Test
    void onTwoDatabaseShardsEachHolderIsWrittenToTheShardOfHisUserId(@TempDir Path dir) throws Exception {
        try (EmbeddedServers servers = BenchServers.startWhatIsNotGiven(dir, null, null)) {
            List<String> shards = List.of(
                    BenchEnvironment.siblingDatabase(servers.jdbcUrl(), "_holders_0"),
                    BenchEnvironment.siblingDatabase(servers.jdbcUrl(), "_holders_1"));
            for (String shard : shards) {
                Flyway.configure()
                        .dataSource(shard, servers.dbUser(), servers.dbPassword())
                        .locations("classpath:db/migration")
                        .load()
                        .migrate();
            }

            long opened =
                    new JdbcAccountHolders(shards, servers.dbUser(), servers.dbPassword()).open(FIRST, SHAPE, 100);

            assertThat(opened).isEqualTo(HOLDERS);
            DatabaseShards placement = new DatabaseShards(2);
            long total = 0;
            for (int shard = 0; shard < 2; shard++) {
                try (Connection db =
                                DriverManager.getConnection(shards.get(shard), servers.dbUser(), servers.dbPassword());
                        Statement sql = db.createStatement()) {
                    long here = one(sql, "SELECT COUNT(*) FROM accounts");
                    assertThat(here).as("holders on shard %d", shard).isBetween(HOLDERS * 4 / 9, HOLDERS * 5 / 9);
                    total += here;
                    assertThat(placement.ofUser(one(sql, "SELECT MIN(user_id) FROM accounts")))
                            .isEqualTo(shard);
                    assertThat(one(sql, "SELECT COUNT(DISTINCT MOD(user_id, 2)) FROM accounts"))
                            .isOne();
                    assertThat(one(sql, "SELECT SUM(amount) FROM ledger_entries"))
                            .as("each shard's books balance on their own")
                            .isZero();
                }
            }
            assertThat(total).isEqualTo(HOLDERS);
        }
    }

    private static long one(Statement sql, String query) throws Exception {
        try (ResultSet result = sql.executeQuery(query)) {
            result.next();
            return result.getLong(1);
        }
    }
}
