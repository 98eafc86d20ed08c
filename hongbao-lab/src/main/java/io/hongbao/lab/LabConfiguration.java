package io.hongbao.lab;

import io.hongbao.account.application.DepositingMoney;
import io.hongbao.lab.infrastructure.LabSchema;
import io.hongbao.lab.infrastructure.LabStrategyCatalog;
import io.hongbao.lab.model.GrabStrategies;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.storage.StorageEndpoints;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.model.HotPackets;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The strategy lab: teaching code that runs the grab strategies of the seeds side by side, on the service's database
 * pool and Redis connection. Nothing here runs unless asked: the bench's {@code strategies} command (or a test) builds
 * this configuration beside the service's, and the catalogue only builds a strategy when one is opened.
 *
 * <p>Building the catalogue migrates the lab's own tables ({@link LabSchema}), after the service's migrations. The
 * {@code hongbao} strategy is the service's production grab path, reached through its public use cases (see the
 * package documentation of {@code io.hongbao.redpacket.application}).
 */
@Configuration(proxyBeanMethods = false)
public class LabConfiguration {

    @Bean
    @DependsOnDatabaseInitialization
    GrabStrategies grabStrategies(
            DataSource dataSource,
            JdbcClient jdbc,
            JdbcTemplate template,
            Transactions transactions,
            StatefulRedisConnection<String, String> redis,
            RedisClient redisClient,
            StorageEndpoints endpoints,
            Clock clock,
            DepositingMoney depositing,
            SendingRedPacket sending,
            PublishingRedPacket publishing,
            GrabbingRedPacket grabbing,
            HotPackets hot) {
        LabSchema.migrate(dataSource);
        LabStrategyCatalog catalog =
                new LabStrategyCatalog(jdbc, template, transactions, redis, redisClient, endpoints.redisUrl(), clock);
        catalog.add(
                LabStrategyCatalog.HONGBAO,
                LabStrategyCatalog.hongbao(depositing, sending, publishing, grabbing, hot, jdbc));
        return catalog;
    }
}
