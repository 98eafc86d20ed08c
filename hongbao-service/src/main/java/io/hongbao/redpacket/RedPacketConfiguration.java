package io.hongbao.redpacket;

import io.hongbao.account.model.EscrowAccounts;
import io.hongbao.group.model.Groups;
import io.hongbao.platform.db.Blocking;
import io.hongbao.platform.db.Snapshots;
import io.hongbao.platform.db.Transactions;
import io.hongbao.platform.security.TokenIssuer;
import io.hongbao.redpacket.application.GrabbingRedPacket;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.application.ReadingHistory;
import io.hongbao.redpacket.application.ReadingRedPacket;
import io.hongbao.redpacket.application.SendingRedPacket;
import io.hongbao.redpacket.infrastructure.CoalescingGrabs;
import io.hongbao.redpacket.infrastructure.ExpireScript;
import io.hongbao.redpacket.infrastructure.ExpirySweeper;
import io.hongbao.redpacket.infrastructure.GrabPersister;
import io.hongbao.redpacket.infrastructure.GrabScript;
import io.hongbao.redpacket.infrastructure.GrabsRecordedOnceCheck;
import io.hongbao.redpacket.infrastructure.JdbcRedPackets;
import io.hongbao.redpacket.infrastructure.PacketEventWriter;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.PacketSumsCheck;
import io.hongbao.redpacket.infrastructure.PublishRecovery;
import io.hongbao.redpacket.infrastructure.RedisAgreesWithDatabaseCheck;
import io.hongbao.redpacket.infrastructure.RedisHotPackets;
import io.hongbao.redpacket.infrastructure.UncoalescedGrabs;
import io.hongbao.redpacket.model.RedPacketGrabs;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnknownPackets;
import io.hongbao.redpacket.warmup.GrabPathWarmUp;
import io.hongbao.redpacket.warmup.WarmUpSettings;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the red-packet feature: plain use cases over their ports, the Redis and JDBC adapters, the workers. */
@Configuration(proxyBeanMethods = false)
class RedPacketConfiguration {

    @Bean
    PacketKeys packetKeys(RedPacketSettings settings) {
        return new PacketKeys(settings.shards());
    }

    @Bean
    RedPackets redPackets(JdbcClient jdbc, Groups groups) {
        return new JdbcRedPackets(jdbc, groups);
    }

    @Bean
    RedisHotPackets hotPackets(
            StatefulRedisConnection<String, String> redis, PacketKeys keys, RedPacketSettings settings) {
        return new RedisHotPackets(redis.async(), keys, settings.retention());
    }

    @Bean
    RedPacketGrabs redPacketGrabs(
            StatefulRedisConnection<String, String> redis, PacketKeys keys, RedPacketSettings settings) {
        RedPacketSettings.Coalescing coalescing = settings.coalescing();
        GrabScript script = new GrabScript(redis.async(), keys, coalescing.entryPerCall());
        return coalescing.enabled()
                ? new CoalescingGrabs(script, keys, coalescing.maxBatch())
                : new UncoalescedGrabs(script, keys);
    }

    @Bean
    SendingRedPacket sendingRedPacket(
            RedPackets packets, EscrowAccounts escrow, Groups groups, Transactions transactions, Clock clock) {
        return new SendingRedPacket(packets, escrow, groups, transactions, clock, ThreadLocalRandom::current);
    }

    @Bean
    PublishingRedPacket publishingRedPacket(RedPackets packets, RedisHotPackets hot, Blocking blocking) {
        return new PublishingRedPacket(packets, hot, onJdbcThreads(blocking));
    }

    @Bean
    GrabbingRedPacket grabbingRedPacket(
            RedPacketGrabs grabs, PublishingRedPacket publishing, UnknownPackets unknownPackets) {
        return new GrabbingRedPacket(grabs, publishing, unknownPackets);
    }

    @Bean
    ReadingRedPacket readingRedPacket(RedPackets packets, RedisHotPackets hot, Groups groups, Blocking blocking) {
        return new ReadingRedPacket(packets, hot, groups, onJdbcThreads(blocking));
    }

    @Bean
    ReadingHistory readingHistory(RedPackets packets) {
        return new ReadingHistory(packets);
    }

    @Bean
    PacketEventWriter packetEventWriter(JdbcClient jdbc, Transactions transactions, EscrowAccounts escrow) {
        return new PacketEventWriter(jdbc, transactions, escrow);
    }

    @Bean
    GrabPersister grabPersister(
            RedisClient client, PacketKeys keys, PacketEventWriter writer, RedPacketSettings settings) {
        return new GrabPersister(client, keys, writer, settings.persister());
    }

    @Bean
    ExpireScript expireScript(
            StatefulRedisConnection<String, String> redis, PacketKeys keys, RedPacketSettings settings) {
        return new ExpireScript(redis.async(), keys, settings.retention());
    }

    @Bean
    ExpirySweeper expirySweeper(
            StatefulRedisConnection<String, String> redis,
            PacketKeys keys,
            ExpireScript expire,
            Clock clock,
            RedPacketSettings settings) {
        return new ExpirySweeper(redis.async(), keys, expire, clock, settings.sweeper());
    }

    @Bean
    PublishRecovery publishRecovery(
            RedPackets packets,
            RedisHotPackets hot,
            PublishingRedPacket publishing,
            Clock clock,
            RedPacketSettings settings) {
        return new PublishRecovery(packets, hot, publishing, clock, settings.recovery());
    }

    @Bean
    @Order(200)
    PacketSumsCheck packetSumsCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new PacketSumsCheck(jdbc, snapshots);
    }

    @Bean
    @Order(210)
    GrabsRecordedOnceCheck grabsRecordedOnceCheck(JdbcClient jdbc, Snapshots snapshots) {
        return new GrabsRecordedOnceCheck(jdbc, snapshots);
    }

    @Bean
    @Order(90)
    RedisAgreesWithDatabaseCheck redisAgreesWithDatabaseCheck(
            JdbcClient jdbc, RedisHotPackets hot, PacketKeys keys, StatefulRedisConnection<String, String> redis) {
        return new RedisAgreesWithDatabaseCheck(jdbc, hot, keys, redis.sync(), Duration.ofSeconds(5));
    }

    /** Only where the service serves HTTP: the warm-up grabs through its own server (not in the lab's context). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    GrabPathWarmUp grabPathWarmUp(
            WarmUpSettings settings,
            StatefulRedisConnection<String, String> redis,
            PacketKeys keys,
            TokenIssuer tokens) {
        return new GrabPathWarmUp(settings, redis, keys, tokens);
    }

    /** Database work of the use cases runs on the bounded JDBC scheduler, never on a Netty event loop. */
    private static Executor onJdbcThreads(Blocking blocking) {
        return task -> blocking.scheduler().schedule(task);
    }
}
