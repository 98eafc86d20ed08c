package io.hongbao.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.db.Migrations;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.IntegrationTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Deposits take from {@code world:<user>} (ADR 0083): a new deposit writes it, and V43 renames the legs older
 * deposits wrote on the one {@code world} account after the other leg of the same transfer. The migration runs in a
 * schema of its own on the test's MariaDB.
 */
class WorldAccountPerDepositorIT extends IntegrationTest {

    @Autowired
    Migrations migrations;

    @Autowired
    StorageEndpoints endpoints;

    private final String schema = "world_rename_" + UUID.randomUUID().toString().substring(0, 8);

    @AfterEach
    void dropSchema() throws SQLException {
        try (Connection db = connect();
                Statement sql = db.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + schema);
        }
    }

    @Test
    void aDepositTakesFromTheDepositorsOwnWorldAccount() throws SQLException {
        long user = newUser();

        api().deposit(user, 700).expectStatus().isOk();

        try (Connection db = connect();
                Statement sql = db.createStatement()) {
            assertThat(legs(sql, "ledger_entries", "kind = 'DEPOSIT' AND account LIKE '%:" + user + "'"))
                    .containsExactlyInAnyOrder("world:" + user + " -700", "user:" + user + " 700");
        }
    }

    @Test
    void v43RenamesTheOldWorldLegsAfterTheUserOfTheSameTransferAndLeavesOtherLegsAlone() throws SQLException {
        migrations
                .configuration()
                .dataSource(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword())
                .schemas(schema)
                .target("42")
                .load()
                .migrate();
        try (Connection db = connect();
                Statement sql = db.createStatement()) {
            sql.executeUpdate("INSERT INTO " + schema + ".ledger_entries (transfer_ref, account, amount, kind,"
                    + " packet_id, created_at) VALUES"
                    + " ('deposit:a', 'world', -500, 'DEPOSIT', NULL, NOW(3)),"
                    + " ('deposit:a', 'user:7', 500, 'DEPOSIT', NULL, NOW(3)),"
                    + " ('deposit:b', 'world', -300, 'DEPOSIT', NULL, NOW(3)),"
                    + " ('deposit:b', 'user:8', 300, 'DEPOSIT', NULL, NOW(3)),"
                    + " ('send:p', 'user:7', -100, 'SEND', 'p', NOW(3)),"
                    + " ('send:p', 'escrow:p', 100, 'SEND', 'p', NOW(3))");

            migrations
                    .configuration()
                    .dataSource(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword())
                    .schemas(schema)
                    .load()
                    .migrate();

            assertThat(legs(sql, schema + ".ledger_entries", "1 = 1"))
                    .containsExactlyInAnyOrder(
                            "world:7 -500", "user:7 500", "world:8 -300", "user:8 300", "user:7 -100", "escrow:p 100");
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword());
    }

    private static List<String> legs(Statement sql, String table, String where) throws SQLException {
        List<String> legs = new ArrayList<>();
        try (ResultSet rows = sql.executeQuery("SELECT account, amount FROM " + table + " WHERE " + where)) {
            while (rows.next()) {
                legs.add(rows.getString(1) + " " + rows.getLong(2));
            }
        }
        return legs;
    }
}
