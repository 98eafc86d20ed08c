package io.hongbao.redpacket.infrastructure.checks;

import io.hongbao.audit.model.AuditPaging;
import io.hongbao.platform.db.EachDatabase;
import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.platform.redis.RedisConnections;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.model.PacketShards;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The red-packet feature's audit checks, as {@code AuditCheck} beans that {@code AuditConfiguration} orders by name. */
@Configuration(proxyBeanMethods = false)
class ChecksConfiguration {

    @Bean
    PacketSumsCheck packetSumsCheck(
            JdbcClient jdbc, EachDatabase databases, PacketShards packetShards, AuditPaging paging) {
        return new PacketSumsCheck(jdbc, databases, packetShards, paging);
    }

    @Bean
    GrabsRecordedOnceCheck grabsRecordedOnceCheck(
            JdbcClient jdbc, EachDatabase databases, PacketShards packetShards, AuditPaging paging) {
        return new GrabsRecordedOnceCheck(jdbc, databases, packetShards, paging);
    }

    /** On a Redis connection of its own: the audit's reads never queue among the grabs pipelined on the shared one. */
    @Bean(destroyMethod = "close")
    RedisAgreesWithDatabaseCheck redisAgreesWithDatabaseCheck(
            JdbcClient jdbc, PacketKeys keys, RedisConnections connections, AuditPaging paging) {
        return new RedisAgreesWithDatabaseCheck(jdbc, keys, connections.open(), paging, Duration.ofSeconds(5));
    }

    @Bean
    DeadLettersCheck deadLettersCheck(RedisConnection redis, PacketKeys keys) {
        return new DeadLettersCheck(redis.sync(), keys);
    }
}
