package io.hongbao.platform.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.platform.storage.StorageSettings;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The connection pool to the system of record, and the ways use cases reach it: transactions, read snapshots and the
 * bounded scheduler for blocking work. Flyway, JdbcTemplate and the transaction manager are Spring Boot's, built on
 * this pool. It depends on {@link StorageEndpoints}, so it closes before an embedded server stops.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(StorageEndpoints endpoints, StorageSettings settings) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("hongbao-db");
        config.setJdbcUrl(endpoints.jdbcUrl());
        config.setUsername(endpoints.dbUser());
        config.setPassword(endpoints.dbPassword());
        config.setMaximumPoolSize(settings.db().poolSize());
        config.setAutoCommit(true);
        // Fail fast when the database is away so callers answer 503 instead of hanging.
        config.setConnectionTimeout(5_000);
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        return new HikariDataSource(config);
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
