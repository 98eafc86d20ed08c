package io.hongbao.lab.infrastructure.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.db.Migrations;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.IntegrationTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ScriptUtils;

/**
 * The lab's own Flyway on databases the service migrated first, in a database of the test's own on its MariaDB: a
 * fresh one, and one where the service's migrations of an earlier layout had already created the lab's tables.
 */
class LabSchemaIT extends IntegrationTest {

    @Autowired
    Migrations service;

    @Autowired
    StorageEndpoints endpoints;

    @Autowired
    JdbcClient jdbc;

    private final String database = "lab_schema_" + UUID.randomUUID().toString().substring(0, 8);
    private DataSource scratch;
    private JdbcClient scratchJdbc;

    @BeforeEach
    void serviceMigratesAFreshDatabase() {
        jdbc.sql("CREATE DATABASE " + database).update();
        scratch = new DriverManagerDataSource(
                endpoints.jdbcUrl().replaceFirst("^(jdbc:[a-z]+://[^/]+/)[^?]*", "$1" + database),
                endpoints.dbUser(),
                endpoints.dbPassword());
        scratchJdbc = JdbcClient.create(scratch);
        service.configuration().dataSource(scratch).load().migrate();
    }

    @AfterEach
    void dropDatabase() {
        jdbc.sql("DROP DATABASE IF EXISTS " + database).update();
    }

    @Test
    void createsTheLabTablesBesideTheServicesWithAHistoryOfItsOwn() {
        assertThat(labTables()).isEmpty();

        LabSchema.migrate(scratch);

        assertThat(labTables()).containsExactlyInAnyOrder("lab_runs", "lab_packets", "lab_shares", "lab_grabs");
        assertThat(appliedLabVersions()).containsExactly("1");
        assertThat(scratchJdbc
                        .sql("SELECT COUNT(*) FROM flyway_schema_history WHERE script LIKE '%lab%'")
                        .query(Long.class)
                        .single())
                .as("the service's history knows nothing of the lab")
                .isZero();
    }

    @Test
    void takesOverLabTablesTheServiceCreatedAndKeepsTheirRows() throws SQLException {
        try (Connection connection = scratch.getConnection()) {
            // The same tables as in a database that applied the service's V30 (ADR 0032).
            ScriptUtils.executeSqlScript(connection, new ClassPathResource("db/lab/V1__lab_tables.sql"));
        }
        scratchJdbc
                .sql("INSERT INTO lab_runs (strategy, created_at) VALUES ('lua-list', NOW(3))")
                .update();

        LabSchema.migrate(scratch);
        LabSchema.migrate(scratch);

        assertThat(appliedLabVersions()).containsExactly("1");
        assertThat(scratchJdbc
                        .sql("SELECT strategy FROM lab_runs")
                        .query(String.class)
                        .list())
                .containsExactly("lua-list");
    }

    private List<String> labTables() {
        return scratchJdbc
                .sql("SELECT table_name FROM information_schema.tables WHERE table_schema = ?"
                        + " AND table_name LIKE 'lab%' AND table_name <> 'lab_schema_history'")
                .param(database)
                .query(String.class)
                .list();
    }

    private List<String> appliedLabVersions() {
        return scratchJdbc
                .sql(
                        "SELECT version FROM lab_schema_history WHERE success = 1 AND type = 'SQL' ORDER BY installed_rank")
                .query(String.class)
                .list();
    }
}
