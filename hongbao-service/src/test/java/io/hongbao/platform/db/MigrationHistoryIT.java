package io.hongbao.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.support.IntegrationTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.ValidateResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The service's Flyway, configured as application.yml says, on a database migrated by an earlier layout in which the
 * service also created the strategy lab's tables (V30). That script left with the lab; such a database must still
 * start the service, today (V30 is above every service script, a "future" row) and once the service has a script
 * above V30 (then V30 is a "missing" row). Each test works in a schema of its own on the test's MariaDB.
 */
class MigrationHistoryIT extends IntegrationTest {

    private static final String OLD_LAB_V30 = "classpath:db/with-lab-v30";
    private static final String LATER_SERVICE_SCRIPT = "classpath:db/later-service-migration";

    @Autowired
    Migrations service;

    @Autowired
    StorageEndpoints endpoints;

    private final String schema =
            "migration_history_" + UUID.randomUUID().toString().substring(0, 8);

    /** On the database server directly: ShardingSphere's DataSource knows only the service's own database. */
    @AfterEach
    void dropSchema() throws SQLException {
        try (Connection db =
                        DriverManager.getConnection(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword());
                Statement sql = db.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + schema);
        }
    }

    @Test
    void aDatabaseThatAppliedTheLabTablesAsV30StillMigratesAndValidates() {
        migrate(asTheServiceIs(), OLD_LAB_V30);

        Flyway now = inSchema(asTheServiceIs());
        now.migrate();

        assertValid(now.validateWithResult());
        assertThat(now.info().applied()).extracting(MigrationHistoryIT::version).contains("30");
    }

    @Test
    void itStillValidatesOnceTheServiceHasAScriptAboveV30() {
        migrate(asTheServiceIs(), OLD_LAB_V30);

        Flyway later = inSchema(withLocation(asTheServiceIs(), LATER_SERVICE_SCRIPT));
        later.migrate();

        assertValid(later.validateWithResult());
        assertThat(later.info().applied())
                .extracting(MigrationHistoryIT::version)
                .contains("30", "900");
    }

    @Test
    void withFlywaysDefaultIgnorePatternsTheMissingV30WouldFailValidation() {
        migrate(asTheServiceIs(), OLD_LAB_V30);
        migrate(asTheServiceIs(), LATER_SERVICE_SCRIPT);

        ValidateResult validation = inSchema(
                        withLocation(asTheServiceIs(), LATER_SERVICE_SCRIPT).ignoreMigrationPatterns("*:future"))
                .validateWithResult();

        assertThat(validation.validationSuccessful).isFalse();
        assertThat(validation.invalidMigrations)
                .extracting(invalid -> invalid.version)
                .containsExactly("30");
    }

    private FluentConfiguration asTheServiceIs() {
        return service.configuration();
    }

    private void migrate(FluentConfiguration configuration, String extraLocation) {
        inSchema(withLocation(configuration, extraLocation)).migrate();
    }

    private static FluentConfiguration withLocation(FluentConfiguration configuration, String location) {
        return configuration.locations(Stream.concat(
                        Arrays.stream(configuration.getLocations()).map(Location::getDescriptor), Stream.of(location))
                .toArray(String[]::new));
    }

    /** A Flyway on connections of its own, in this test's schema (created on first use). */
    private Flyway inSchema(FluentConfiguration configuration) {
        return configuration
                .dataSource(endpoints.jdbcUrl(), endpoints.dbUser(), endpoints.dbPassword())
                .schemas(schema)
                .load();
    }

    private static void assertValid(ValidateResult validation) {
        assertThat(validation.validationSuccessful)
                .as(validation.getAllErrorMessages())
                .isTrue();
    }

    private static String version(MigrationInfo migration) {
        return migration.getVersion() == null ? "" : migration.getVersion().getVersion();
    }
}
