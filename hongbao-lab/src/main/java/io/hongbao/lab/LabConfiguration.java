package io.hongbao.lab;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.lab.infrastructure.LabStrategyCatalog;
import io.hongbao.lab.infrastructure.storage.LabSchema;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.platform.db.ShardedDataSource;
import io.hongbao.platform.db.SpringTransactions;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.HotPackets;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The strategy lab: teaching code that runs the grab strategies of the seeds side by side, on the first database and
 * a standalone Redis. Nothing here runs unless asked: the bench's {@code strategies} command (or a test) builds
 * this configuration beside the service's, and the catalogue only builds a strategy when one is opened.
 *
 * <p>Building the catalogue migrates the lab's own tables ({@link LabSchema}) in the first database, after the
 * service's migrations, and the lab's mechanisms read and write them through that database's own pool. The
 * {@code hongbao} strategy is the service's production grab path, reached through its public use cases (see the
 * package documentation of {@code io.hongbao.redpacket.application}).
 */
@Configuration(proxyBeanMethods = false)
public class LabConfiguration {

    /**
     * The lab's own Lettuce client: its strategies are the seeds' standalone-Redis mechanisms, so it runs on a
     * standalone Redis only (the service's beans speak to either mode through its ports, ADR 0070).
     */
    @Bean(destroyMethod = "shutdown")
    RedisClient labRedisClient(StorageEndpoints endpoints) {
        if (endpoints.redisUrl() == null) {
            throw new IllegalStateException("the strategy lab runs on a standalone Redis only, not on a Redis Cluster");
        }
        return RedisClient.create(endpoints.redisUrl());
    }

    @Bean(destroyMethod = "close")
    StatefulRedisConnection<String, String> labRedisConnection(RedisClient labRedisClient) {
        return labRedisClient.connect();
    }

    @Bean
    @DependsOnDatabaseInitialization
    GrabStrategies grabStrategies(
            ShardedDataSource dataSource,
            JdbcClient jdbc,
            StatefulRedisConnection<String, String> labRedisConnection,
            RedisClient labRedisClient,
            StorageEndpoints endpoints,
            Clock clock,
            DepositingMoney depositing,
            SendingRedPacket sending,
            PublishingRedPacket publishing,
            GrabbingRedPacket grabbing,
            HotPackets hot,
            MeterRegistry registry) {
        // The lab's tables live in the first database only, reached through its own pool: ShardingSphere's rules
        // place the service's tables and know nothing of the lab's (ADR 0083), and the seeds' mechanisms the lab
        // compares each ran on one database.
        DataSource labDatabase = dataSource.pools().get(0);
        LabSchema.migrate(labDatabase);
        LabStrategyCatalog catalog = new LabStrategyCatalog(
                JdbcClient.create(labDatabase),
                new JdbcTemplate(labDatabase),
                SpringTransactions.on(labDatabase),
                labRedisConnection,
                labRedisClient,
                endpoints.redisUrl(),
                clock);
        catalog.add(
                LabStrategyCatalog.HONGBAO,
                LabStrategyCatalog.hongbao(depositing, sending, publishing, grabbing, hot, jdbc, registry));
        return catalog;
    }
}
