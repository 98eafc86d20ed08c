package io.hongbao.platform.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.platform.storage.StorageSettings;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.flyway.autoconfigure.FlywayProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The system of record and the ways use cases reach it: one ShardingSphere DataSource over a connection pool per
 * database shard (ADR 0083; one database is one shard), transactions, read snapshots and the bounded scheduler for
 * blocking work. Every shard is migrated and its place checked before ShardingSphere starts on them. JdbcClient and
 * the transaction manager are Spring Boot's, on that DataSource. It depends on {@link StorageEndpoints}, so it closes
 * before an embedded server stops.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FlywayProperties.class)
class DatabaseConfiguration {

    @Bean
    DatabaseShards databaseShards(StorageEndpoints endpoints, Environment environment) {
        // The red packets' virtual shard count is the red packet feature's setting; read by its key so the platform
        // does not depend on the feature.
        return new DatabaseShards(
                endpoints.dbShardUrls().size(),
                environment.getRequiredProperty("hongbao.redpacket.shards", Integer.class));
    }

    @Bean
    Migrations migrations(FlywayProperties flyway) {
        FluentConfiguration configuration = Flyway.configure()
                .locations(flyway.getLocations().toArray(String[]::new))
                .table(flyway.getTable())
                .outOfOrder(flyway.isOutOfOrder())
                .ignoreMigrationPatterns(flyway.getIgnoreMigrationPatterns().toArray(String[]::new))
                .validateOnMigrate(flyway.isValidateOnMigrate())
                .baselineOnMigrate(flyway.isBaselineOnMigrate())
                .cleanDisabled(flyway.isCleanDisabled());
        return new Migrations(configuration);
    }

    @Bean(destroyMethod = "close")
    ShardedDataSource dataSource(
            StorageEndpoints endpoints, StorageSettings settings, DatabaseShards shards, Migrations migrations)
            throws SQLException {
        List<HikariDataSource> pools = new ArrayList<>();
        try {
            List<String> urls = endpoints.dbShardUrls();
            for (int shard = 0; shard < urls.size(); shard++) {
                pools.add(pool(shard, urls.get(shard), endpoints, settings));
            }
            List<DataSource> physical = List.copyOf(pools);
            migrations.migrateAll(physical);
            DatabaseShardLayout.recordOrCheck(physical, shards);
            return new ShardedDataSource(ShardedDataSources.create(physical, shards), pools);
        } catch (RuntimeException | SQLException e) {
            pools.forEach(HikariDataSource::close);
            throw e;
        }
    }

    private static HikariDataSource pool(int shard, String url, StorageEndpoints endpoints, StorageSettings settings) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(endpoints.dbShardUrls().size() == 1 ? "hongbao-db" : "hongbao-db-" + shard);
        config.setJdbcUrl(url);
        config.setUsername(endpoints.dbUser());
        config.setPassword(endpoints.dbPassword());
        config.setMaximumPoolSize(settings.db().poolSize());
        config.setAutoCommit(true);
        // Fail fast when the database is away so callers answer 503 instead of hanging.
        config.setConnectionTimeout(5_000);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        return new HikariDataSource(config);
    }

    /** Replaces Spring Boot's {@code db} health, which would ask only the shard ShardingSphere picks. */
    @Bean
    HealthIndicator dbHealthIndicator(ShardedDataSource dataSource) {
        return new DatabaseShardsHealthIndicator(dataSource.pools());
    }

    /** The shards' own pools, beside ShardingSphere: for reads that must see each database whole (ADR 0084). */
    @Bean
    EachDatabase eachDatabase(ShardedDataSource dataSource) {
        return new EachDatabase(dataSource.pools());
    }

    @Bean(destroyMethod = "dispose")
    Blocking blocking(StorageSettings settings) {
        return new Blocking(settings.db().blockingThreads());
    }

    @Bean
    Transactions transactions(TransactionTemplate template) {
        return new SpringTransactions(template);
    }

    @Bean
    Snapshots snapshots(PlatformTransactionManager transactions) {
        return new Snapshots(transactions);
    }
}
