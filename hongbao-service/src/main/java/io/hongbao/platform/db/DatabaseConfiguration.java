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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The system of record and the ways use cases reach it: one ShardingSphere DataSource over a connection pool per
 * database shard (ADR 0083; one database is one shard), transactions, read snapshots and the bounded scheduler for
 * blocking work. Every shard is migrated and its place checked before ShardingSphere starts on them. JdbcClient and
 * the transaction manager are Spring Boot's, on that DataSource. Its pools close before an embedded server stops:
 * embedded mode registers its servers as the context's first disposable bean, destroyed last (ADR 0086).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FlywayProperties.class)
class DatabaseConfiguration {

    @Bean
    DatabaseShards databaseShards(StorageEndpoints endpoints, VirtualShards virtualShards) {
        // The virtual shard count is the feature's that declares it, as a bean; checked here, where both are known.
        int count = endpoints.dbShardUrls().size();
        if (virtualShards.count() < count) {
            throw new IllegalArgumentException(virtualShards.setting() + " (" + virtualShards.count()
                    + ") must be at least the number of database shards (" + count
                    + "): each database shard holds the rows of whole virtual shards");
        }
        return new DatabaseShards(count);
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
            StorageEndpoints endpoints,
            StorageSettings settings,
            DatabaseShards shards,
            VirtualShards virtualShards,
            Migrations migrations,
            List<ShardedTables> tables,
            List<LedgerAccountKinds> ledgerAccounts)
            throws SQLException {
        // Checked before any pool opens: declarations that disagree refuse the start, naming the table or prefix.
        ShardingRules rules = ShardingRules.of(tables, ledgerAccounts, shards);
        List<HikariDataSource> pools = new ArrayList<>();
        String registration = ShardPlacements.register(rules.placements());
        try {
            List<String> urls = endpoints.dbShardUrls();
            for (int shard = 0; shard < urls.size(); shard++) {
                pools.add(pool(shard, urls.get(shard), endpoints, settings));
            }
            List<DataSource> physical = List.copyOf(pools);
            migrations.migrateAll(physical);
            DatabaseShardLayout.recordOrCheck(physical, shards, virtualShards);
            return new ShardedDataSource(ShardedDataSources.create(physical, rules, registration), pools, registration);
        } catch (RuntimeException | SQLException e) {
            pools.forEach(HikariDataSource::close);
            ShardPlacements.unregister(registration);
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

    /** The shards' own pools for writes, beside ShardingSphere: for writers that know their database (ADR 0099). */
    @Bean
    DirectDatabases directDatabases(ShardedDataSource dataSource) {
        return new DirectDatabases(dataSource.pools());
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
