package io.hongbao.lab;

import io.hongbao.account.application.DepositingMoney;
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
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The strategy lab (issue 5): teaching code that runs the grab strategies of the seeds side by side. Nothing here
 * runs unless asked: the catalogue only builds a strategy when the bench's {@code strategies} command or a test opens
 * one.
 */
@Configuration(proxyBeanMethods = false)
public class LabConfiguration {

    @Bean
    GrabStrategies grabStrategies(
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
        LabStrategyCatalog catalog =
                new LabStrategyCatalog(jdbc, template, transactions, redis, redisClient, endpoints.redisUrl(), clock);
        catalog.add(
                LabStrategyCatalog.HONGBAO,
                LabStrategyCatalog.hongbao(depositing, sending, publishing, grabbing, hot, jdbc));
        return catalog;
    }
}
