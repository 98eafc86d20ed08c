package io.hongbao.platform.db;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Flyway on each physical database shard directly (ADR 0083): ShardingSphere's DataSource cannot run Flyway (its
 * parser does not take every DDL statement, and a migration is per database anyway), and ShardingSphere reads the
 * tables' metadata when it is created, so every shard is migrated before it. Configured from {@code spring.flyway.*}
 * in application.yml (Spring Boot's own Flyway start is switched off there).
 */
public final class Migrations {

    private final FluentConfiguration configuration;

    Migrations(FluentConfiguration configuration) {
        this.configuration = configuration;
    }

    /** The service's Flyway configuration, without a data source: what each shard is migrated with. */
    public FluentConfiguration configuration() {
        return Flyway.configure().configuration(configuration);
    }

    /**
     * Migrates every shard, then checks that all of them stand at the same version: a shard left behind (its
     * migration failed, or it was restored from an old backup) would be missing tables or columns the others have.
     *
     * @throws IllegalStateException naming each shard's version when they differ
     */
    void migrateAll(List<DataSource> shards) {
        List<String> versions = new ArrayList<>();
        for (DataSource shard : shards) {
            Flyway flyway = configuration().dataSource(shard).load();
            flyway.migrate();
            MigrationInfo current = flyway.info().current();
            versions.add(current == null ? "none" : current.getVersion().getVersion());
        }
        checkSameVersion(versions);
    }

    static void checkSameVersion(List<String> versions) {
        if (versions.stream().distinct().count() > 1) {
            StringBuilder each = new StringBuilder();
            for (int shard = 0; shard < versions.size(); shard++) {
                each.append(shard == 0 ? "" : ", ")
                        .append("shard ")
                        .append(shard)
                        .append(" at V");
                each.append(Objects.toString(versions.get(shard)));
            }
            throw new IllegalStateException("Refusing to start: the database shards (hongbao.db.shards) stand at"
                    + " different schema versions after migrating: " + each + ". Every shard must have every"
                    + " migration; see the log of each shard's Flyway.");
        }
    }
}
