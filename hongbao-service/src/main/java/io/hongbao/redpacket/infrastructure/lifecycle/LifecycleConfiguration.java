package io.hongbao.redpacket.infrastructure.lifecycle;

import io.hongbao.platform.redis.RedisConnection;
import io.hongbao.redpacket.RedPacketSettings;
import io.hongbao.redpacket.application.PublishingRedPacket;
import io.hongbao.redpacket.infrastructure.PacketKeys;
import io.hongbao.redpacket.infrastructure.persister.ShardDoorbell;
import io.hongbao.redpacket.model.RedPackets;
import io.hongbao.redpacket.model.UnclaimedShares;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires a packet's life in Redis: its publish and reads, its expiry, and the recovery that publishes or rebuilds it. */
@Configuration(proxyBeanMethods = false)
class LifecycleConfiguration {

    @Bean
    RedisHotPackets hotPackets(RedisConnection redis, PacketKeys keys, RedPacketSettings settings) {
        return new RedisHotPackets(redis.async(), keys, settings.retention());
    }

    @Bean
    UnclaimedShares unclaimedShares(RedisConnection redis, PacketKeys keys) {
        return new RedisUnclaimedShares(redis.async(), keys);
    }

    @Bean
    ExpireScript expireScript(RedisConnection redis, PacketKeys keys, RedPacketSettings settings) {
        return new ExpireScript(redis.async(), keys, settings.retention());
    }

    @Bean
    ExpirySweeper expirySweeper(
            RedisConnection redis,
            PacketKeys keys,
            ExpireScript expire,
            ShardDoorbell doorbell,
            Clock clock,
            RedPacketSettings settings) {
        return new ExpirySweeper(redis.async(), keys, expire, doorbell, clock, settings.sweeper());
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
}
