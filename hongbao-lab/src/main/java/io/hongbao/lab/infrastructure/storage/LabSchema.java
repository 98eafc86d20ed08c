package io.hongbao.lab.infrastructure.storage;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * The lab's tables ({@code lab_runs}, {@code lab_packets}, {@code lab_shares}, {@code lab_grabs}), migrated by a
 * Flyway of the lab's own: scripts under {@code db/lab}, history in {@code lab_schema_history}. The service's Flyway
 * (scripts under {@code db/migration}, history in {@code flyway_schema_history}) never sees them, so a database
 * gets {@code lab_*} tables only where the lab runs.
 */
public final class LabSchema {

    static final String LOCATION = "classpath:db/lab";
    static final String HISTORY_TABLE = "lab_schema_history";

    private LabSchema() {}

    /**
     * Brings the lab's tables up to date. Run it after the service's migrations: on a schema that holds only its own
     * tables, the service's Flyway would refuse to start a history of its own.
     */
    public static void migrate(DataSource dataSource) {
        Flyway.configure(LabSchema.class.getClassLoader())
                .dataSource(dataSource)
                .locations(LOCATION)
                .table(HISTORY_TABLE)
                // The schema holds the service's tables already: start the lab's history below its V1 instead of
                // refusing a non-empty schema.
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
